import AuthflowHTTP
import AuthflowParsing
import AuthflowPrimitives

/// Expands short links (`https://x.page.link/AbCd`) by reading the `Location` of each redirect.
///
/// It never follows a redirect itself: only hosts on the allow-list (the Dynamic Links domains and the link
/// domains the user named) are ever requested, so a link cannot walk us into an app store, an intranet
/// address or anything else. Hosts the user did not name must resolve to public addresses (no SSRF).
public struct ShortLinkResolver: Sendable {
    /// The most redirects followed between short-link hosts.
    public static let maximumHops = 5

    /// Hosts (optionally with `:port`) the user named; they may resolve to private or loopback addresses.
    public let linkDomains: [String]
    private let client: HTTPClient

    /// - Parameters:
    ///   - linkDomains: custom link domains to allow besides the Dynamic Links domains.
    ///   - configuration: the HTTP settings (proxy, CA bundle, timeouts); redirect and address policies are
    ///     overridden here, because they are what makes resolution safe.
    public init(linkDomains: [String] = [], configuration: HTTPClientConfiguration = .init()) {
        self.linkDomains = linkDomains
        var configuration = configuration
        configuration.redirects = .doNotFollow
        configuration.addressPolicy = .publicOnly(allowedHosts: Set(linkDomains.compactMapHosts()))
        configuration.maxResponseBytes = min(configuration.maxResponseBytes, 256 * 1024)
        self.client = HTTPClient(configuration: configuration)
    }

    /// The URL `shortLink` expands to, and the short-link URLs requested on the way.
    public func resolve(_ shortLink: String) async throws(ShortLinkError) -> (target: String, hops: [String]) {
        var current = shortLink
        var hops: [String] = []
        while hops.count < Self.maximumHops {
            guard let parts = URLParts(current), parts.scheme == "https" else { throw .notHTTPS(link: current) }
            hops.append(current)
            let response: HTTPResponse
            do {
                response = try await client.send(HTTPRequest(method: .get, url: current))
            } catch {
                throw .network(link: current, underlying: error)
            }
            switch response.status {
            case 300...399:
                guard let location = response.location else {
                    throw .noRedirect(link: current, status: response.status)
                }
                guard ShortLink.isShortLink(location, linkDomains: linkDomains) else { return (location, hops) }
                current = location
            case 404, 410:
                throw .notFound(link: current)
            default:
                throw .noRedirect(link: current, status: response.status)
            }
        }
        throw .tooManyHops(link: shortLink, limit: Self.maximumHops)
    }
}

extension [String] {
    /// The bare hosts of `host[:port]` entries, lowercased, as the address policy compares them.
    func compactMapHosts() -> [String] {
        compactMap { entry in
            let entry = entry.lowercased()
            if entry.hasPrefix("[") { return entry.split(separator: "]").first.map { String($0.dropFirst()) } }
            return entry.split(separator: ":").first.map(String.init)
        }
    }
}
