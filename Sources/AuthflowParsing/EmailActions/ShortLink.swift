import AuthflowPrimitives

/// Recognises short links, which only the server that issued them can expand.
public enum ShortLink {
    /// The Firebase Dynamic Links domains, whose links are always worth resolving.
    public static let dynamicLinkDomains = ["page.link", "app.goo.gl"]

    /// Whether `url` is a short link on a Dynamic Links domain or on one of `linkDomains`
    /// (hosts, optionally with `:port`, that the user configured): a path of its own and nothing nested.
    public static func isShortLink(_ url: String, linkDomains: [String] = []) -> Bool {
        guard let parts = URLParts(url), parts.scheme == "https" || parts.scheme == "http" else { return false }
        guard parts.path.count > 1 else { return false }
        let parameters = RawQuery(url: url[...])
        guard !parameters.contains("link"), !parameters.contains("deep_link_id") else { return false }
        return isOnAllowList(parts, linkDomains: linkDomains)
    }

    /// Whether the host of `parts` is a Dynamic Links domain or one of `linkDomains`.
    public static func isOnAllowList(_ parts: URLParts, linkDomains: [String]) -> Bool {
        if dynamicLinkDomains.contains(where: { URLParts.host(parts.host, isWithin: $0) && parts.host != $0 }) {
            return true
        }
        return linkDomains.contains { domain in
            let domain = domain.lowercased()
            return domain == parts.hostAndPort || (!domain.contains(":") && URLParts.host(parts.host, isWithin: domain))
        }
    }
}
