

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
    /// Gathers links in order of first appearance, each URL once, and stops at a fixed count so that hostile input
    /// cannot grow the result without bound.
    struct Collector {
        /// Enough for any real email; a document with more links is junk or an attack.
        static let defaultLimit = 10_000

        private(set) var links: [ExtractedLink] = []
        private var seen: Set<String> = []
        let limit: Int

        init(limit: Int = Collector.defaultLimit) {
            self.limit = limit
        }

        var isFull: Bool { links.count >= limit }

        /// Adds `url` unless it is empty, already present, or the collector is full.
        mutating func add(_ url: String, source: LinkSource) {
            guard !url.isEmpty, !isFull, seen.insert(url).inserted else { return }
            links.append(ExtractedLink(url: url, source: source))
        }
    }
}
