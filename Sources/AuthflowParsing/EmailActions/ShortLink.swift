import AuthflowPrimitives

/// Recognises short links, which only the server that issued them can expand.
public enum ShortLink {
    /// The Firebase Dynamic Links domains, whose links are always worth resolving.
    public static let dynamicLinkDomains = ["page.link", "app.goo.gl"]

    /// Whether `url` is a short link on a Dynamic Links domain or on one of `linkDomains`
    /// (hosts, optionally with `:port`, that the user configured): a path of its own and nothing nested.
    public static func isShortLink(_ url: String, linkDomains: [String] = []) -> Bool {
        url.withUTF8Buffer { isShortLink(bytes: $0, linkDomains: linkDomains) }
    }

    /// ``isShortLink(_:linkDomains:)`` for a URL's UTF-8 bytes.
    static func isShortLink(bytes: UnsafeBufferPointer<UInt8>, linkDomains: [String]) -> Bool {
        // Without domains of the user's, the host decides first, read from the URL's bytes: most links are on
        // other hosts, and are turned down before any part of them becomes a `String`.
        if linkDomains.isEmpty, !isOnDynamicLinksDomain(url: bytes) { return false }
        let url = String(decoding: bytes, as: UTF8.self)
        guard let parts = URLParts(url), parts.scheme == "https" || parts.scheme == "http" else { return false }
        guard parts.path.count > 1 else { return false }
        let parameters = RawQuery(url: url[...])
        guard !parameters.contains("link"), !parameters.contains("deep_link_id") else { return false }
        return isOnAllowList(parts, linkDomains: linkDomains)
    }

    /// Whether the host of `parts` is a Dynamic Links domain or one of `linkDomains`.
    public static func isOnAllowList(_ parts: URLParts, linkDomains: [String]) -> Bool {
        if parts.host.withUTF8Buffer(isOnDynamicLinksDomain(host:)) { return true }
        return linkDomains.contains { domain in
            let domain = domain.lowercased()
            return domain == parts.hostAndPort || (!domain.contains(":") && URLParts.host(parts.host, isWithin: domain))
        }
    }

    /// Whether the host of a URL (its UTF-8 bytes) is under a Dynamic Links domain; false without a host.
    private static func isOnDynamicLinksDomain(url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let authority = URLParts.Offsets(url)?.authority else { return false }
        let authorityBytes = UnsafeBufferPointer(rebasing: url[authority])
        let host = URLParts.hostAndPort(ofAuthority: authorityBytes).0
        return isOnDynamicLinksDomain(host: UnsafeBufferPointer(rebasing: authorityBytes[host]))
    }

    /// Whether a host (UTF-8 bytes, in any ASCII case) is a subdomain of a Dynamic Links domain, not the domain
    /// itself.
    private static func isOnDynamicLinksDomain(host: UnsafeBufferPointer<UInt8>) -> Bool {
        dynamicLinkDomains.contains { domain in
            var domain = domain
            return domain.withUTF8 { domain in
                guard host.count > domain.count, host[host.count - domain.count - 1] == UInt8(ascii: ".") else {
                    return false
                }
                return URLParts.bytes(
                    UnsafeBufferPointer(rebasing: host[(host.count - domain.count)...]), equalIgnoringCase: domain)
            }
        }
    }
}
