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
        LinkInspection(try read(bytes: bytes, workspace: &workspace))
    }

    /// The same, as byte ranges in `workspace`'s buffers, for output written straight from the bytes.
    public func read(
        bytes: some Collection<UInt8>, workspace: inout ActionLinkUnwrapper.Workspace
    ) throws(LinkInputError) -> LinkReading {
        try workspace.load(line: bytes)
        return try readLoaded(in: &workspace)
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
        workspace.load(normalized: link)
        return LinkInspection(try readLoaded(in: &workspace))
    }

    /// The classification of the link loaded in `workspace`.
    private func readLoaded(in workspace: inout ActionLinkUnwrapper.Workspace) throws(LinkInputError) -> LinkReading {
        let link = workspace.link
        let inert = workspace.levels.withUnsafeBufferPointer {
            InertScheme.starts(bytes: UnsafeBufferPointer(rebasing: $0[link]))
        }
        if inert {
            // Script or local data: nothing inside is unwrapped or trusted.
            return LinkReading(
                kind: .unknown, found: .init(action: nil, url: link, depth: 0), callback: nil,
                hasUnresolvedShortLink: false, workspace: workspace)
        }
        let found = try workspace.unwrapLoaded()
        if found.action != nil {
            return LinkReading(
                kind: .emailAction, found: found, callback: nil, hasUnresolvedShortLink: false, workspace: workspace)
        }
        // A callback is read from the bytes, its values decoded into the workspace (no `String`).
        if let callback = workspace.readCallback() {
            return LinkReading(
                kind: .authCallback, found: .init(action: nil, url: link, depth: 0), callback: callback,
                hasUnresolvedShortLink: false, workspace: workspace)
        }
        let shortLink = workspace.levels.withUnsafeBufferPointer {
            ShortLink.isShortLink(bytes: UnsafeBufferPointer(rebasing: $0[found.url]), linkDomains: linkDomains)
        }
        return LinkReading(
            kind: .unknown, found: found, callback: nil, hasUnresolvedShortLink: shortLink, workspace: workspace)
    }
}
