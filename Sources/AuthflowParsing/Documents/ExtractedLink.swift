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

        /// Set once a new link arrived after ``limit`` were kept: the search stopped short, and says so.
        private(set) var overflowed = false

        /// Whether the search should stop: a link beyond the limit has been seen.
        var isFull: Bool { overflowed }

        /// Adds `url` unless it is empty or already present; a new one past the limit marks the collector as
        /// overflowed instead.
        mutating func add(_ url: String, source: LinkSource) {
            guard !url.isEmpty, !seen.contains(url) else { return }
            guard links.count < limit else {
                overflowed = true
                return
            }
            seen.insert(url)
            links.append(ExtractedLink(url: url, source: source))
        }
    }
}
