import CCurl

/// URL parsing through libcurl's own parser, so what we check is exactly what libcurl will connect to.
enum CurlURL {
    struct Parts: Sendable, Hashable {
        /// Lowercased scheme.
        var scheme: String
        /// Lowercased host, IPv6 brackets removed, no port.
        var host: String
    }

    /// The scheme and host of an absolute URL; `nil` if libcurl cannot parse it.
    static func parse(_ url: String) -> Parts? {
        withHandle { handle in
            guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK,
                let scheme = part(handle, CURLUPART_SCHEME),
                let host = part(handle, CURLUPART_HOST)
            else { return nil }
            var bareHost = Substring(host)
            if bareHost.hasPrefix("["), bareHost.hasSuffix("]") { bareHost = bareHost.dropFirst().dropLast() }
            return Parts(scheme: scheme.lowercased(), host: bareHost.lowercased())
        }
    }

    /// Only the scheme, for URLs whose host libcurl rejects (so the error can name the scheme).
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        return scheme.lowercased()
    }

    /// `reference` (absolute, relative or scheme-relative) made absolute against `base`.
    static func resolve(_ reference: String, against base: String) -> String? {
        withHandle { handle in
            guard curl_url_set(handle, CURLUPART_URL, base, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK,
                curl_url_set(handle, CURLUPART_URL, reference, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK
            else { return nil }
            return part(handle, CURLUPART_URL)
        }
    }

    private static func withHandle<T>(_ body: (OpaquePointer) -> T?) -> T? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        return body(handle)
    }

    private static func part(_ handle: OpaquePointer, _ which: CURLUPart) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, which, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
