/// A URL found in a document, exactly as written there apart from whitespace.
///
/// The URL is not validated or resolved: relative, `javascript:`, `mailto:` and `#` targets are returned as written
/// so that the caller, which knows what it looks for, decides what to drop.
public struct ExtractedLink: Sendable, Hashable {
    /// The link target, with entities decoded and surrounding whitespace removed.
    public var url: String
    /// Where the link was found.
    public var source: LinkSource

    /// A link found at `source`.
    public init(url: String, source: LinkSource) {
        self.url = url
        self.source = source
    }
}
