import AuthflowHTTP

/// Why a short link could not be expanded.
public enum ShortLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request failed before the server answered (offline, DNS, TLS, timeout, blocked address).
    case network(link: String, underlying: HTTPError)
    /// The server does not know the link (Dynamic Links shut down on 2025-08-25).
    case notFound(link: String)
    /// The server answered without a redirect.
    case noRedirect(link: String, status: Int)
    /// A hop pointed to a URL that is not HTTPS.
    case notHTTPS(link: String)
    /// More than ``ShortLinkResolver/maximumHops`` redirects between short-link hosts.
    case tooManyHops(link: String, limit: Int)

    public var description: String {
        switch self {
        case .network(let link, let underlying):
            "Could not resolve the short link \(link): \(underlying) Short links can only be expanded online; "
                + "pass the long link instead, or run again when the network is back."
        case .notFound(let link):
            "The short link \(link) does not exist any more (HTTP 404). Firebase Dynamic Links shut down on "
                + "2025-08-25: ask for a new sign-in email."
        case .noRedirect(let link, let status):
            "The short link \(link) did not redirect anywhere (HTTP \(status)): pass the long link instead."
        case .notHTTPS(let link):
            "Refusing to follow \(link): short links are only resolved over HTTPS."
        case .tooManyHops(let link, let limit):
            "The short link \(link) redirected more than \(limit) times between short-link hosts; stopped."
        }
    }
}
