import AuthflowPrimitives

/// One wrapper peeled off on the way to an action link, recorded so people can see what was unwrapped.
public enum LinkLayer: Sendable, Hashable, CustomStringConvertible {
    /// A mail gateway's link rewriter.
    case mailSecurity(MailSecurityWrapper)
    /// Firebase Dynamic Links long form, `https://<any domain>/?link=<enc>&…`.
    case dynamicLink
    /// Firebase Hosting's `/__/auth/links?link=` (or `deep_link_id=`) wrapper.
    case hostingLinks
    /// A custom-scheme deep link, `<scheme>://google/link/?deep_link_id=<enc>`.
    case customScheme(String)
    /// A `deep_link_id` parameter on any other URL.
    case deepLinkID
    /// A short link that was resolved over HTTPS (`https://x.page.link/AbCd`).
    case shortLink(String)

    public var description: String {
        switch self {
        case .mailSecurity(let wrapper): wrapper.displayName
        case .dynamicLink: "Dynamic Link"
        case .hostingLinks: "Firebase Hosting /__/auth/links"
        case .customScheme(let scheme): "custom scheme \(scheme)://"
        case .deepLinkID: "deep_link_id"
        case .shortLink(let host): "short link \(host)"
        }
    }

    /// The layer a nested link was found in, from the outer URL's UTF-8 bytes and the parameter that held it
    /// (`link` or `deep_link_id`); `offsets` are the outer URL's when the caller has them already.
    static func classify(
        outer: UnsafeBufferPointer<UInt8>, offsets known: URLParts.Offsets?? = nil, parameterIsLink: Bool
    ) -> LinkLayer {
        if let offsets = known ?? URLParts.Offsets(outer) {
            let scheme = UnsafeBufferPointer(rebasing: outer[..<offsets.colon])
            if URLParts.isValidScheme(bytes: scheme) {
                let isHTTP =
                    scheme.count == 4 || scheme.count == 5
                    ? zip(scheme, "https".utf8).allSatisfy { $0 | 0x20 == $1 } : false
                guard isHTTP else { return .customScheme(URLParts.asciiLowercased(bytes: scheme)) }
                if URLParts.bytes(UnsafeBufferPointer(rebasing: outer[offsets.path]), equal: "/__/auth/links") {
                    return .hostingLinks
                }
            }
        }
        return parameterIsLink ? .dynamicLink : .deepLinkID
    }
}
