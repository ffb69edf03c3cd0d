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

extension ExtractedLink {
    /// Gathers links in order of first appearance, each URL once. There is no count limit: what bounds the links
    /// is the size of the document (``HTMLLinkExtractor/maximumInputSize``), and a long newsletter may hold its
    /// sign-in link after tens of thousands of others (a million links in 32 MiB, measured in BENCHMARKS.md).
    struct Collector {
        private(set) var links: [ExtractedLink] = []
        private var seen: Set<String> = []

        /// Adds `url` unless it is empty or already present.
        mutating func add(_ url: String, source: LinkSource) {
            guard !url.isEmpty, seen.insert(url).inserted else { return }
            links.append(ExtractedLink(url: url, source: source))
        }
    }
}

/// Where in a document a link was found.
///
/// Callers rank candidates by it: a link a user would click (an anchor) is a stronger signal than a URL that only
/// appears in running text.
public enum LinkSource: String, Sendable, Hashable, CaseIterable {
    /// The `href` of an `<a>` element.
    case anchor
    /// The `href` of an `<area>` element of an image map; some mail templates make the whole banner clickable.
    case area
    /// The target of `<meta http-equiv="refresh">`, used by landing pages that forward to the action link.
    case metaRefresh
    /// A URL written out in text: a plain-text part, or a text node of an HTML document.
    case text
}
