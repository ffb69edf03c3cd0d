import CCurl

/// Translates a request and the client settings into libcurl options.
enum TransferOptions {
    static func apply(
        request: HTTPRequest, configuration: HTTPClientConfiguration, proxyURL: String?,
        to easy: EasyHandle, headers: HeaderList, userdata: UnsafeMutableRawPointer
    ) throws(HTTPError) {
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_USERAGENT, configuration.userAgent)

        try applySecurity(configuration, to: easy)
        try applyLimits(configuration, to: easy)
        try applyRedirects(configuration.redirects, to: easy)
        // An explicit empty proxy stops libcurl from reading proxy variables itself.
        try easy.set(CURLOPT_PROXY, proxyURL ?? "")
        try easy.set(CURLOPT_NOPROXY, configuration.proxy.curlNoProxy)
        try applyMethodAndBody(request, to: easy, headers: headers)
        try easy.set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headers.raw))
        try applyCallbacks(configuration, to: easy, userdata: userdata)
    }

    private static func applySecurity(_ configuration: HTTPClientConfiguration, to easy: EasyHandle) throws(HTTPError) {
        try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        try easy.set(CURLOPT_PROXY_SSL_VERIFYPEER, 1)
        try easy.set(CURLOPT_PROXY_SSL_VERIFYHOST, 2)
        if let path = configuration.caBundlePath {
            try easy.set(CURLOPT_CAINFO, path)
        }
    }

    private static func applyLimits(_ configuration: HTTPClientConfiguration, to easy: EasyHandle) throws(HTTPError) {
        // 0 would mean "no limit" to libcurl, so the smallest honoured limit is 1 ms.
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, max(1, configuration.connectTimeout.milliseconds))
        try easy.set(CURLOPT_TIMEOUT_MS, max(1, configuration.totalTimeout.milliseconds))
        // Lets libcurl refuse early when Content-Length already announces too much.
        try easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(max(0, configuration.maxResponseBytes)))
    }

    private static func applyRedirects(_ policy: RedirectPolicy, to easy: EasyHandle) throws(HTTPError) {
        switch policy {
        case .follow(let maximum):
            try easy.set(CURLOPT_FOLLOWLOCATION, 1)
            try easy.set(CURLOPT_MAXREDIRS, max(0, maximum))
        case .doNotFollow:
            try easy.set(CURLOPT_FOLLOWLOCATION, 0)
        }
    }

    private static func applyMethodAndBody(
        _ request: HTTPRequest, to easy: EasyHandle, headers: HeaderList
    ) throws(HTTPError) {
        for header in request.headers {
            try headers.append(header)
        }
        switch (request.method, request.body) {
        case (.head, _):
            try easy.set(CURLOPT_NOBODY, 1)
        case (.get, nil):
            try easy.set(CURLOPT_HTTPGET, 1)
        case (.post, nil):
            try easy.setBody([])
        case (let method, nil):
            try easy.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        case (let method, let body?):
            try easy.setBody(body)
            if method != .post { try easy.set(CURLOPT_CUSTOMREQUEST, method.rawValue) }
            // Without this libcurl waits for "100 Continue" on larger bodies, a delay many servers never end.
            if request.headers.firstValue(named: "Expect") == nil { try headers.appendLine("Expect:") }
        }
    }

    private static func applyCallbacks(
        _ configuration: HTTPClientConfiguration, to easy: EasyHandle, userdata: UnsafeMutableRawPointer
    ) throws(HTTPError) {
        try check(authflow_curl_setopt_write_function(easy.raw, CURLOPT_WRITEFUNCTION, transferReceiveBody))
        try easy.set(CURLOPT_WRITEDATA, pointer: userdata)
        try check(authflow_curl_setopt_write_function(easy.raw, CURLOPT_HEADERFUNCTION, transferReceiveHeader))
        try easy.set(CURLOPT_HEADERDATA, pointer: userdata)
        try check(authflow_curl_setopt_xferinfo_function(easy.raw, transferProgress))
        try easy.set(CURLOPT_XFERINFODATA, pointer: userdata)
        try easy.set(CURLOPT_NOPROGRESS, 0)
        if case .publicOnly = configuration.addressPolicy {
            try check(authflow_curl_setopt_opensocket_function(easy.raw, transferOpenSocket))
            try easy.set(CURLOPT_OPENSOCKETDATA, pointer: userdata)
        }
    }

    private static func check(_ code: CURLcode) throws(HTTPError) {
        guard code == CURLE_OK else {
            throw .transport(code: Int(code.rawValue), detail: String(cString: curl_easy_strerror(code)))
        }
    }
}
