import CCurl

/// One blocking libcurl transfer, run on a thread of its own by ``HTTPClient``.
enum CurlTransfer {
    static func perform(
        _ request: HTTPRequest, configuration: HTTPClientConfiguration, cancellation: CancellationFlag
    ) -> Result<HTTPResponse, HTTPError> {
        do throws(HTTPError) {
            return .success(try run(request, configuration: configuration, cancellation: cancellation))
        } catch {
            return .failure(error)
        }
    }

    private static func run(
        _ request: HTTPRequest, configuration: HTTPClientConfiguration, cancellation: CancellationFlag
    ) throws(HTTPError) -> HTTPResponse {
        let target = try validate(request.url)
        if cancellation.isCancelled { throw .cancelled }
        try CurlGlobal.ensureInitialized()

        let proxyURL = configuration.proxy.proxy(scheme: target.scheme, host: target.host)
        let easy = try EasyHandle()
        let headerList = HeaderList()
        let state = TransferState(
            maxResponseBytes: configuration.maxResponseBytes,
            cancellation: cancellation,
            addressGuard: AddressGuard(
                policy: configuration.addressPolicy, proxy: configuration.proxy, proxyURL: proxyURL)
        )
        state.handle = easy.raw
        let userdata = Unmanaged.passUnretained(state).toOpaque()

        try TransferOptions.apply(
            request: request, configuration: configuration, proxyURL: proxyURL,
            to: easy, headers: headerList, userdata: userdata
        )
        let code = withExtendedLifetime((state, headerList)) { easy.perform() }

        guard code == CURLE_OK else {
            throw CurlFailure.error(
                for: code, easy: easy, state: state, configuration: configuration,
                requestURL: request.url, fallbackHost: target.host, proxyURL: proxyURL
            )
        }
        return HTTPResponse(
            status: easy.long(CURLINFO_RESPONSE_CODE) ?? 0,
            headers: state.headers,
            body: state.body,
            url: easy.string(CURLINFO_EFFECTIVE_URL) ?? request.url
        )
    }

    /// Rejects what libcurl must never see: unparsable URLs and schemes other than http and https.
    private static func validate(_ url: String) throws(HTTPError) -> CurlURL.Parts {
        guard let parts = CurlURL.parse(url) else {
            if let scheme = CurlURL.scheme(of: url), scheme != "http", scheme != "https" {
                throw .unsupportedScheme(scheme)
            }
            throw .invalidURL(url)
        }
        guard parts.scheme == "http" || parts.scheme == "https" else { throw .unsupportedScheme(parts.scheme) }
        guard !parts.host.isEmpty else { throw .invalidURL(url) }
        return parts
    }
}
