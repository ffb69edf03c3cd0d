import CCurl

/// Owns one libcurl easy handle and its error buffer; both are released in `deinit` on every path.
final class EasyHandle {
    let raw: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init() throws(HTTPError) {
        guard let raw = curl_easy_init() else {
            throw .transport(code: Int(CURLE_FAILED_INIT.rawValue), detail: "libcurl could not create a request handle")
        }
        self.raw = raw
        let size = Int(authflow_curl_error_size())
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
        _ = authflow_curl_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        curl_easy_cleanup(raw)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(authflow_curl_setopt_long(raw, option, value), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws(HTTPError) {
        try check(authflow_curl_setopt_off_t(raw, option, curl_off_t(value)), option)
    }

    /// libcurl copies string options, so the Swift string need not outlive the call.
    func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        try check(authflow_curl_setopt_string(raw, option, value), option)
    }

    /// The pointee must stay alive until the transfer ends.
    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(HTTPError) {
        try check(authflow_curl_setopt_pointer(raw, option, value), option)
    }

    /// Copies `bytes` into libcurl as the request body, embedded NULs included.
    func setBody(_ bytes: [UInt8]) throws(HTTPError) {
        try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(bytes.count))
        if bytes.isEmpty {
            try set(CURLOPT_COPYPOSTFIELDS, "")
            return
        }
        let result = bytes.withUnsafeBytes { buffer in
            authflow_curl_setopt_pointer(
                raw, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
        try check(result, CURLOPT_COPYPOSTFIELDS)
    }

    func perform() -> CURLcode {
        curl_easy_perform(raw)
    }

    func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return authflow_curl_getinfo_long(raw, info, &value) == CURLE_OK ? value : nil
    }

    func offset(_ info: CURLINFO) -> Int64? {
        var value: curl_off_t = 0
        return authflow_curl_getinfo_off_t(raw, info, &value) == CURLE_OK ? Int64(value) : nil
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard authflow_curl_getinfo_string(raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// libcurl's detailed message for the last failure, or its generic text for `code`.
    func message(for code: CURLcode) -> String {
        let detailed = String(cString: errorBuffer)
        if !detailed.isEmpty { return detailed }
        return String(cString: curl_easy_strerror(code))
    }

    private func check(_ result: CURLcode, _ option: CURLoption) throws(HTTPError) {
        guard result == CURLE_OK else {
            let text = String(cString: curl_easy_strerror(result))
            throw .transport(code: Int(result.rawValue), detail: "libcurl rejected option \(option.rawValue): \(text)")
        }
    }
}
