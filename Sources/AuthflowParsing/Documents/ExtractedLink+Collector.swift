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
