import AuthflowHTTP
import AuthflowLocalization

/// Transport failures in the language in force. libcurl's own text (TLS, proxy and other transport errors) is
/// English from the C library: it follows the translated sentence in parentheses, as a detail to search for.
extension HTTPError {
    var cliMessage: String {
        switch self {
        case .invalidURL(let url):
            localized("The URL \"\(url)\" is not valid: check it for typos and make sure it starts with https://.")
        case .unsupportedScheme(let scheme):
            localized("The URL scheme \"\(scheme)\" is not supported: only http and https URLs can be fetched.")
        case .dnsFailure(let host):
            localized("Could not resolve host \(host): check the name and your network connection.")
        case .connectionRefused(let host):
            localized(
                "Could not connect to \(host): the server is not running or not reachable; check the address and "
                    + "port.")
        case .blockedAddress(let host, let address):
            localized(
                "Refused to connect to \(host) at \(address) because it is a private or local address; allow the "
                    + "host explicitly if this is intended.")
        case .tls(let host, let detail):
            localized(
                "The secure connection to \(host) failed: check the system clock, the CA bundle, or any "
                    + "intercepting proxy. (libcurl: \(detail))")
        case .timedOut(.connect, let limit):
            localized(
                "Connecting took longer than \(Self.seconds(limit)): check your network connection or proxy "
                    + "settings.")
        case .timedOut(.total, let limit):
            localized(
                "The server did not finish responding within \(Self.seconds(limit)): try again later or raise the "
                    + "timeout.")
        case .responseTooLarge(let limit):
            localized(
                "The response was larger than the \(limit)-byte limit: the URL probably points at the wrong "
                    + "resource.")
        case .proxy(let detail):
            localized(
                "The proxy failed: check the http_proxy, https_proxy and no_proxy settings. (libcurl: \(detail))")
        case .status(let code, _):
            localized("The server answered with HTTP status \(code).")
        case .cancelled:
            localized("The request was cancelled before it finished.")
        case .libraryUnavailable(let missing):
            missing.cliMessage
        case .transport(let code, let detail):
            localized("The request failed (curl error \(code)). (libcurl: \(detail))")
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return localized("\(milliseconds / 1000) s") }
        return localized("\(milliseconds) ms")
    }
}
