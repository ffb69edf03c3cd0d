import AuthflowPrimitives

/// Why a request failed, in categories a caller can act on differently (retry, fix a setting, tell the user).
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL could not be parsed.
    case invalidURL(String)
    /// The URL (or a redirect target) uses a scheme other than http or https.
    case unsupportedScheme(String)
    case dnsFailure(host: String)
    /// Nothing accepted the connection: refused, unreachable, or no route.
    case connectionRefused(host: String)
    /// ``AddressPolicy`` refused to connect to `address`, which `host` resolved to.
    case blockedAddress(host: String, address: String)
    /// Certificate verification or the TLS handshake failed.
    case tls(host: String, detail: String)
    /// A limit ran out; for `.connect`, `limit` is the smaller of the connect and total timeouts.
    case timedOut(phase: TimeoutPhase, limit: Duration)
    /// The body would exceed ``HTTPClientConfiguration/maxResponseBytes``.
    case responseTooLarge(limit: Int)
    /// The proxy could not be resolved, reached, or refused the request.
    case proxy(detail: String)
    /// A non-2xx status; only ``HTTPResponse/requireSuccess()`` throws this.
    case status(code: Int, body: [UInt8])
    case cancelled
    /// Any other libcurl failure, with its `CURLcode` and message.
    case transport(code: Int, detail: String)
    /// libcurl itself could not be opened (it is loaded on first use, not at exec).
    case libraryUnavailable(SharedLibraryUnavailable)

    public var description: String {
        switch self {
        case .invalidURL(let url):
            return "The URL \"\(url)\" is not valid: check it for typos and make sure it starts with https://."
        case .unsupportedScheme(let scheme):
            return "The URL scheme \"\(scheme)\" is not supported: only http and https URLs can be fetched."
        case .dnsFailure(let host):
            return "Could not resolve host \(host): check the name and your network connection."
        case .connectionRefused(let host):
            return
                "Could not connect to \(host): the server is not running or not reachable; check the address and port."
        case .blockedAddress(let host, let address):
            return
                "Refused to connect to \(host) at \(address) because it is a private or local address; allow the host explicitly if this is intended."
        case .tls(let host, let detail):
            return
                "The secure connection to \(host) failed (\(detail)): check the system clock, the CA bundle, or any intercepting proxy."
        case .timedOut(.connect, let limit):
            return
                "Connecting took longer than \(Self.seconds(limit)): check your network connection or proxy settings."
        case .timedOut(.total, let limit):
            return
                "The server did not finish responding within \(Self.seconds(limit)): try again later or raise the timeout."
        case .responseTooLarge(let limit):
            return
                "The response was larger than the \(limit)-byte limit: the URL probably points at the wrong resource."
        case .proxy(let detail):
            return "The proxy failed (\(detail)): check the http_proxy, https_proxy and no_proxy settings."
        case .status(let code, let body):
            let excerpt = String(decoding: body.prefix(200), as: UTF8.self)
            let suffix = excerpt.isEmpty ? "" : ": \(excerpt)"
            return "The server answered with HTTP status \(code)\(suffix)"
        case .cancelled:
            return "The request was cancelled before it finished."
        case .libraryUnavailable(let missing):
            return "No request could be sent: \(missing)"
        case .transport(let code, let detail):
            return "The request failed: \(detail) (curl error \(code))."
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}

extension Duration {
    /// Whole milliseconds, saturating, as libcurl's `_MS` options want.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? Int(Int64.min) : Int(Int64.max) }
        return Int(scaled + attoseconds / 1_000_000_000_000_000)
    }
}

/// Which limit ran out, because the fixes differ: an unreachable host versus a slow server.
public enum TimeoutPhase: Sendable, Hashable {
    /// No connection was established in time.
    case connect
    /// The whole exchange took longer than allowed.
    case total
}
