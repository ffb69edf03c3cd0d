/// Classifies a link without touching the network.
///
/// Order matters: an action link wrapped in a custom-scheme `deep_link_id` looks like a callback's outer shape,
/// so action links are tried first, then callbacks. Short links are reported, not resolved (see
/// `LinkInspector` in AuthflowCore, which resolves them over HTTPS).
public struct OfflineLinkInspector: Sendable {
    /// Extra hosts the user named as link domains (custom Hosting domains, legacy Dynamic Links domains).
    public var linkDomains: [String]

    /// An inspector that also treats `linkDomains` as short-link hosts.
    public init(linkDomains: [String] = []) {
        self.linkDomains = linkDomains
    }

    /// Inspects raw text as pasted: normalises it first.
    public func inspect(_ text: String) throws(LinkInputError) -> LinkInspection {
        try inspect(normalized: LinkInput.normalize(text))
    }

    /// Inspects a line of bytes as read from a file or pipe: invalid UTF-8 is unusable input.
    public func inspect(bytes: some Collection<UInt8>) throws(LinkInputError) -> LinkInspection {
        try inspect(normalized: LinkInput.normalize(bytes: bytes))
    }

    /// The same, unwrapping in `workspace`, whose buffers a batch keeps from one line to the next.
    public func inspect(
        bytes: some Collection<UInt8>, workspace: inout ActionLinkUnwrapper.Workspace
    ) throws(LinkInputError) -> LinkInspection {
        try inspect(normalized: LinkInput.normalize(bytes: bytes), workspace: &workspace)
    }

    /// Inspects a link that already went through ``LinkInput/normalize(_:)``.
    public func inspect(normalized link: String) throws(LinkInputError) -> LinkInspection {
        var workspace = ActionLinkUnwrapper.Workspace()
        return try inspect(normalized: link, workspace: &workspace)
    }

    /// The same, unwrapping in `workspace`.
    public func inspect(
        normalized link: String, workspace: inout ActionLinkUnwrapper.Workspace
    ) throws(LinkInputError) -> LinkInspection {
        if InertScheme.starts(link) {
            // Script or local data: nothing inside is unwrapped or trusted.
            return LinkInspection(
                kind: .unknown, action: nil, callback: nil, layers: [], innermost: link,
                unresolvedShortLink: nil)
        }
        let unwrapped = try workspace.unwrap(link)
        if let action = unwrapped.action {
            return LinkInspection(
                kind: .emailAction, action: action, callback: nil, layers: unwrapped.layers,
                innermost: unwrapped.innermost, unresolvedShortLink: nil)
        }
        if let callback = AuthCallback(url: link) {
            return LinkInspection(
                kind: .authCallback, action: nil, callback: callback, layers: [],
                innermost: callback.callbackURL, unresolvedShortLink: nil)
        }
        let shortLink = ShortLink.isShortLink(unwrapped.innermost, linkDomains: linkDomains) ? unwrapped.innermost : nil
        return LinkInspection(
            kind: .unknown, action: nil, callback: nil, layers: unwrapped.layers,
            innermost: unwrapped.innermost, unresolvedShortLink: shortLink)
    }
}
