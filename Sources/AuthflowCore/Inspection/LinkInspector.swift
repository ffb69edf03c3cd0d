import AuthflowParsing
import AuthflowPrimitives

/// Classifies a link, expanding short links online when allowed.
public struct LinkInspector: Sendable {
    /// The offline part; its `linkDomains` also mark which hosts are short-link hosts.
    public let offline: OfflineLinkInspector
    /// `nil` in offline mode: short links are then reported, not expanded.
    public let resolver: ShortLinkResolver?

    /// An inspector that expands short links with `resolver`, or never goes online when it is `nil`.
    public init(offline: OfflineLinkInspector = .init(), resolver: ShortLinkResolver?) {
        self.offline = offline
        self.resolver = resolver
    }

    /// Inspects pasted text: unwraps it, and expands a short link found inside (at most once per call, since
    /// the resolver already follows short-link hops itself).
    public func inspect(_ text: String) async throws(LinkInspectionError) -> LinkInspection {
        let first: LinkInspection
        do { first = try offline.inspect(text) } catch { throw .input(error) }
        return try await expandingShortLink(in: first)
    }

    /// Inspects a line of bytes as read from a file or pipe; invalid UTF-8 is unusable input.
    public func inspect(bytes: some Collection<UInt8>) async throws(LinkInspectionError) -> LinkInspection {
        var workspace = ActionLinkUnwrapper.Workspace()
        return try await inspect(bytes: bytes, workspace: &workspace)
    }

    /// The same, unwrapping in `workspace`, whose buffers a batch keeps from one line to the next.
    public func inspect(
        bytes: some Collection<UInt8>, workspace: inout ActionLinkUnwrapper.Workspace
    ) async throws(LinkInspectionError) -> LinkInspection {
        try await expandingShortLink(in: inspectWithoutExpanding(bytes: bytes, workspace: &workspace))
    }

    /// The first, offline step of `inspect(bytes:workspace:)`: nothing is awaited, so a batch calls it directly
    /// and awaits `expandingShortLink(in:)` only for a line where `expands(_:)` is true.
    public func inspectWithoutExpanding(
        bytes: some Collection<UInt8>, workspace: inout ActionLinkUnwrapper.Workspace
    ) throws(LinkInspectionError) -> LinkInspection {
        LinkInspection(try readWithoutExpanding(bytes: bytes, workspace: &workspace))
    }

    /// The same first step as byte ranges in `workspace`'s buffers (`LinkReading`): a batch writes its output
    /// straight from them, and makes a `LinkInspection` (`LinkInspection(_:)`) only to expand a short link.
    public func readWithoutExpanding(
        bytes: some Collection<UInt8>, workspace: inout ActionLinkUnwrapper.Workspace
    ) throws(LinkInspectionError) -> LinkReading {
        do { return try offline.read(bytes: bytes, workspace: &workspace) } catch { throw .input(error) }
    }

    /// Whether `expandingShortLink(in:)` would go online for `inspection`: it holds a short link and this
    /// inspector has a resolver.
    public func expands(_ inspection: LinkInspection) -> Bool {
        expands(hasShortLink: inspection.unresolvedShortLink != nil)
    }

    /// The same for a reading.
    public func expands(_ reading: LinkReading) -> Bool {
        expands(hasShortLink: reading.hasUnresolvedShortLink)
    }

    private func expands(hasShortLink: Bool) -> Bool {
        hasShortLink && resolver != nil
    }

    /// `first` with its short link expanded and the link inside inspected; `first` itself when `expands(_:)` is
    /// false.
    public func expandingShortLink(in first: LinkInspection) async throws(LinkInspectionError) -> LinkInspection {
        guard let shortLink = first.unresolvedShortLink, let resolver else { return first }

        let resolved: (target: String, hops: [String])
        do { resolved = try await resolver.resolve(shortLink) } catch { throw .shortLink(error) }
        let inner: LinkInspection
        do { inner = try offline.inspect(resolved.target) } catch { throw .input(error) }
        let hopLayers = resolved.hops.map { LinkLayer.shortLink(URLParts($0)?.host ?? $0) }
        return LinkInspection(
            kind: inner.kind, action: inner.action, callback: inner.callback,
            layers: first.layers + hopLayers + inner.layers, innermost: inner.innermost,
            unresolvedShortLink: inner.unresolvedShortLink)
    }
}

/// Why inspecting a link failed, as opposed to finding nothing recognisable.
public enum LinkInspectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a usable link.
    case input(LinkInputError)
    /// A short link could not be expanded.
    case shortLink(ShortLinkError)

    public var description: String {
        switch self {
        case .input(let error): error.description
        case .shortLink(let error): error.description
        }
    }
}
