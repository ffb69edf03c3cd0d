import CCurl

/// Maps a failed transfer's `CURLcode` to the ``HTTPError`` category a caller can act on.
enum CurlFailure {
    static func error(
        for code: CURLcode, easy: EasyHandle, state: TransferState, configuration: HTTPClientConfiguration,
        requestURL: String, fallbackHost: String, proxyURL: String?
    ) -> HTTPError {
        let effectiveURL = easy.string(CURLINFO_EFFECTIVE_URL) ?? requestURL
        let host = CurlURL.parse(effectiveURL)?.host ?? fallbackHost
        let detail = easy.message(for: code)
        let viaProxy = proxyURL != nil && !configuration.proxy.bypasses(host: host)

        if let blocked = state.blocked { return .blockedAddress(host: blocked.host, address: blocked.address) }
        if state.cancellation.isCancelled || code == CURLE_ABORTED_BY_CALLBACK { return .cancelled }
        if state.exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .responseTooLarge(limit: configuration.maxResponseBytes)
        }

        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL:
            // A refused redirect target is reported by where it pointed, not where it came from.
            let refused = easy.string(CURLINFO_REDIRECT_URL) ?? effectiveURL
            return .unsupportedScheme(CurlURL.scheme(of: refused) ?? detail)
        case CURLE_URL_MALFORMAT:
            return .invalidURL(effectiveURL)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .dnsFailure(host: host)
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY:
            return .proxy(detail: detail)
        case CURLE_COULDNT_CONNECT:
            if viaProxy, let proxyURL { return .proxy(detail: "could not connect to \(proxyURL)") }
            return .connectionRefused(host: host)
        case CURLE_OPERATION_TIMEDOUT:
            let connected = (easy.offset(CURLINFO_CONNECT_TIME_T) ?? 0) > 0
            if connected { return .timedOut(phase: .total, limit: configuration.totalTimeout) }
            return .timedOut(phase: .connect, limit: min(configuration.connectTimeout, configuration.totalTimeout))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED:
            return .tls(host: host, detail: detail)
        case CURLE_TOO_MANY_REDIRECTS:
            let limit = if case .follow(let maximum) = configuration.redirects { maximum } else { 0 }
            return .transport(
                code: Int(code.rawValue),
                detail:
                    "the server redirected more than \(limit) times, the most this client follows; the link may loop"
            )
        default:
            return .transport(code: Int(code.rawValue), detail: detail)
        }
    }
}
