import AuthflowPrimitives

/// Finds the email action link inside whatever wraps it.
///
/// At each level the candidate order is the JS SDK's `parseDeepLink`: `link` inside `deep_link_id`, then
/// `deep_link_id`, then `deep_link_id` inside `link`, then `link`, then the URL itself. Beyond the SDK it also
/// peels mail-gateway rewriters, keeps going when a candidate is itself a wrapper (the SDK gives up on a
/// Dynamic Link around a Hosting link), and stops at ``maximumDepth`` so hostile input cannot make it loop.
///
/// It works on UTF-8 bytes: each level's nested link is percent-decoded once into one buffer that holds every
/// level, hosts and parameter names are compared as bytes, and the only `String`s made are the result's. A
/// ``Workspace`` keeps those buffers between links, so a batch allocates nothing per link on the common path.
public enum ActionLinkUnwrapper {
    /// The most wrappers peeled before the input is rejected as too deeply nested.
    public static let maximumDepth = 32

    /// What unwrapping found.
    public struct Result: Sendable, Hashable {
        /// The action link, when one was found.
        public let action: ActionCodeURL?
        /// The last URL reached: the action link, or the innermost URL when there is none.
        public let innermost: String
        /// The wrappers peeled, outermost first.
        public let layers: [LinkLayer]
    }

    /// Unwraps `link`, which should already be normalised (see ``LinkInput``).
    public static func unwrap(_ link: String) throws(LinkInputError) -> Result {
        var workspace = Workspace()
        return try workspace.unwrap(link)
    }

    /// The buffers unwrapping works in, kept from one link to the next (one per batch).
    public struct Workspace: Sendable {
        /// Every level's URL bytes, one after another: the input, then each decoded and tidied nested link.
        private(set) var levels: [UInt8] = []
        /// How many of ``levels``' first bytes are the link loaded (the input, normalised).
        private(set) var linkCount = 0
        /// Whether the link loaded is all ASCII (found while checking it).
        private var linkIsASCII = false
        /// The action link's fields, decoded (see ``ActionCodeFields``).
        private(set) var values: [UInt8] = []
        /// The current level's query, split; and a second one for a candidate's query.
        private var query = RawQuery()
        private var candidateQuery = RawQuery()
        /// The current level's host, lowercased.
        private var host: [UInt8] = []
        /// A mail gateway's target, decoded.
        private var scratch: [UInt8] = []
        /// The wrappers peeled so far.
        private(set) var layers: [LinkLayer] = []
        /// Levels left for their nested link before being parsed themselves; only these need a second look.
        private var passedOver: [(url: Range<Int>, depth: Int)] = []

        /// Empty buffers.
        public init() {}

        /// Where unwrapping ended, as ranges in the workspace's buffers.
        struct Found {
            /// The action's fields decoded into ``values``, when an action link was found.
            let action: ActionCodeFields?
            /// The action link, or the innermost URL when there is none, in ``levels``.
            let url: Range<Int>
            /// How many of ``layers`` lead to it.
            let depth: Int
        }

        /// Unwraps `link`, which should already be normalised (see ``LinkInput``).
        public mutating func unwrap(_ link: String) throws(LinkInputError) -> Result {
            load(normalized: link)
            let found = try unwrapLoaded()
            let url = text(found.url)
            return Result(
                action: found.action.map { ActionCodeURL($0, in: values, link: url) }, innermost: url,
                layers: Array(layers.prefix(found.depth)))
        }

        /// Makes `link` (already normalised) the link to unwrap.
        mutating func load(normalized link: String) {
            levels.removeAll(keepingCapacity: true)
            levels.append(contentsOf: link.utf8)
            linkCount = levels.count
            linkIsASCII = levels.withUnsafeBufferPointer { $0.asciiPrefixCount == $0.count }
        }

        /// Makes a line of bytes as read the link to unwrap: checked and normalised in place (see
        /// ``LinkInput/normalize(validating:)``), without a `String`.
        mutating func load(line bytes: some Collection<UInt8>) throws(LinkInputError) {
            levels.removeAll(keepingCapacity: true)
            // One copy from contiguous storage (a line of the reader's buffer); the generic append went byte by byte.
            if bytes.withContiguousStorageIfAvailable({ levels.append(contentsOf: $0) }) == nil {
                levels.append(contentsOf: bytes)
            }
            linkCount = 0
            linkIsASCII = false
            linkIsASCII = try LinkInput.normalize(validating: &levels)
            linkCount = levels.count
        }

        /// The loaded link's bytes.
        var link: Range<Int> { 0..<linkCount }

        /// Unwraps the loaded link.
        mutating func unwrapLoaded() throws(LinkInputError) -> Found {
            if levels.count > linkCount { levels.removeSubrange(linkCount...) }
            layers.removeAll(keepingCapacity: true)
            passedOver.removeAll(keepingCapacity: true)
            var current = link
            var currentIsParsed = false
            // Each level's query is split once; a candidate split (and checked) below is carried into the next turn.
            var queryIsSplit = false
            // Each level's offsets are found once, for its query, its host, its wrapper and its layer.
            var offsets = Self.offsets(current, in: levels)
            // Whether the level is known to be all ASCII (the input as checked, a nested link as decoded): its
            // strict escape check then need not look for other bytes.
            var isASCII = linkIsASCII
            while true {
                guard layers.count <= maximumDepth else { throw .tooDeeplyNested(limit: maximumDepth) }
                if !queryIsSplit {
                    Self.split(current, offsets: offsets, of: levels, into: &query)
                    // Every layer is read as the SDKs read it, strictly: a broken escape anywhere is a damaged
                    // link, never text passed on half-decoded.
                    if let (name, damage) = query.firstDamage(knownASCII: isASCII) {
                        throw .damagedParameter(name: name, damage)
                    }
                }
                queryIsSplit = false
                if hasWrapperHost(current, offsets: offsets) {
                    let start = levels.count
                    if let wrapper = appendWrapperTarget(of: current, offsets: offsets) {
                        if !currentIsParsed { passedOver.append((current, layers.count)) }
                        layers.append(.mailSecurity(wrapper))
                        LinkInput.tidy(&levels, from: start)
                        current = start..<levels.count
                        offsets = Self.offsets(current, in: levels)
                        isASCII = false
                        currentIsParsed = false
                        continue
                    }
                }
                let depth = layers.count
                guard
                    let (candidate, candidateIsASCII) = appendNestedCandidate(
                        of: current, offsets: offsets, isASCII: isASCII)
                else {
                    if !currentIsParsed,
                        let found = actionFound(current, query: query, isASCII: isASCII, depth: layers.count)
                    {
                        return found
                    }
                    break
                }
                if !currentIsParsed { passedOver.append((current, depth)) }
                current = candidate
                offsets = Self.offsets(current, in: levels)
                isASCII = candidateIsASCII
                Self.split(current, offsets: offsets, of: levels, into: &candidateQuery)
                if let (name, damage) = candidateQuery.firstDamage(knownASCII: isASCII) {
                    throw .damagedParameter(name: name, damage)
                }
                if let found = actionFound(current, query: candidateQuery, isASCII: isASCII, depth: layers.count) {
                    return found
                }
                currentIsParsed = true
                swap(&query, &candidateQuery)
                queryIsSplit = true
            }

            // A level may be an action link that also carries a stray `link`/`deep_link_id`; innermost wins.
            for level in passedOver.reversed() {
                Self.split(level.url, of: levels, into: &candidateQuery)
                if let found = actionFound(level.url, query: candidateQuery, isASCII: false, depth: level.depth) {
                    return found
                }
            }
            return Found(action: nil, url: current, depth: layers.count)
        }

        /// The auth callback the loaded link is, its values decoded into ``values`` (emptied first); `nil` when it
        /// is none.
        mutating func readCallback() -> CallbackFields? {
            // The buffers taken out for the reading, so that `levels` can be read while they are written.
            var values: [UInt8] = []
            var query = RawQuery()
            swap(&values, &self.values)
            swap(&query, &candidateQuery)
            defer {
                swap(&values, &self.values)
                swap(&query, &candidateQuery)
            }
            values.removeAll(keepingCapacity: true)
            let link = self.link
            return levels.withUnsafeBufferPointer {
                CallbackFields(url: UnsafeBufferPointer(rebasing: $0[link]), query: &query, into: &values)
            }
        }

        /// The finding when the level at `url` (its query in `query`, all ASCII when `isASCII`) is an action link,
        /// with the first `depth` layers; its fields are decoded into ``values``.
        private mutating func actionFound(_ url: Range<Int>, query: RawQuery, isASCII: Bool, depth: Int) -> Found? {
            let inert = levels.withUnsafeBufferPointer {
                InertScheme.starts(bytes: UnsafeBufferPointer(rebasing: $0[url]))
            }
            guard !inert, let fields = ActionCodeFields(query: query) else { return nil }
            values.removeAll(keepingCapacity: true)
            return Found(
                action: fields.decoded(from: query, knownASCII: isASCII, into: &values), url: url, depth: depth)
        }

        /// The mail gateway around the level at `url` (on a wrapper host, in ``host``), its target decoded onto the
        /// end of ``levels``; `nil`, changing nothing, when the level is not wrapped.
        private mutating func appendWrapperTarget(
            of url: Range<Int>, offsets: URLParts.Offsets?
        ) -> MailSecurityWrapper? {
            // The gateway's parameter is read from the query as `URLParts` reads it: the level's split query,
            // unless a `#` before the `?` leaves it none.
            let partsQuery = offsets?.query
            let sameQuery = levels.withUnsafeBufferPointer { buffer in
                partsQuery == URLParts.queryOffsets(in: UnsafeBufferPointer(rebasing: buffer[url]), offsets: offsets)
            }
            if !sameQuery {
                levels.withUnsafeBufferPointer { buffer in
                    let link = UnsafeBufferPointer(rebasing: buffer[url])
                    candidateQuery.reset(toQuery: UnsafeBufferPointer(rebasing: link[partsQuery ?? 0..<0]))
                }
            }
            let wrapperQuery = sameQuery ? query : candidateQuery
            let host = self.host
            var target: [UInt8] = []
            swap(&target, &scratch)
            target.removeAll(keepingCapacity: true)
            let wrapper = levels.withUnsafeBufferPointer { buffer in
                host.withUnsafeBufferPointer { host in
                    MailSecurityWrapper.unwrap(
                        bytes: UnsafeBufferPointer(rebasing: buffer[url]), host: host, query: wrapperQuery,
                        offsets: offsets, into: &target)
                }
            }
            if wrapper != nil { levels.append(contentsOf: target) }
            scratch = target
            return wrapper
        }

        /// The JS SDK's candidate for the level at `url` (its query in ``query``, all ASCII when `isASCII`, its
        /// offsets `offsets`), decoded and tidied at the end of ``levels``, with its layers appended, and whether it
        /// is all ASCII; `nil`, changing nothing, when the level nests nothing.
        private mutating func appendNestedCandidate(
            of url: Range<Int>, offsets: URLParts.Offsets?, isASCII: Bool
        ) -> (Range<Int>, isASCII: Bool)? {
            let start = levels.count
            let outerIsLink: Bool
            let outerIsASCII: Bool
            let outerRanges = Self.nestedLinkRanges(in: query)
            if let deepLinkID = outerRanges.deepLinkID {
                outerIsASCII = query.decode(deepLinkID, knownASCII: isASCII, appendingTo: &levels)
                outerIsLink = false
            } else if let link = outerRanges.link {
                outerIsASCII = query.decode(link, knownASCII: isASCII, appendingTo: &levels)
                outerIsLink = true
            } else {
                return nil
            }
            let outer = classify(url, offsets: .some(offsets), parameterIsLink: outerIsLink)
            layers.append(outer)
            let value = start..<levels.count
            // `link` inside `deep_link_id`, or `deep_link_id` inside `link`.
            Self.split(value, of: levels, into: &candidateQuery)
            let innerStart = levels.count
            let innerRanges = Self.nestedLinkRanges(in: candidateQuery)
            // Tidying removes ASCII bytes only: what was ASCII stays so.
            if let inner = outerIsLink ? innerRanges.deepLinkID : innerRanges.link {
                let innerIsASCII = candidateQuery.decode(inner, knownASCII: outerIsASCII, appendingTo: &levels)
                layers.append(classify(value, offsets: nil, parameterIsLink: !outerIsLink))
                LinkInput.tidy(&levels, from: innerStart)
                return (innerStart..<levels.count, innerIsASCII)
            }
            LinkInput.tidy(&levels, from: start)
            return (start..<levels.count, outerIsASCII)
        }

        /// The raw values of `deep_link_id` and `link` in `query` as ``RawQuery/value(_:rule:plusAsSpace:)`` reads
        /// them (the last duplicate wins, an empty value counts as absent), found in one pass over the pairs.
        private static func nestedLinkRanges(in query: RawQuery) -> (deepLinkID: Range<Int>?, link: Range<Int>?) {
            var deepLinkID: Range<Int>?
            var link: Range<Int>?
            query.forEachPair(namedAnyOf: nestedLinkNames) { index, value in
                if index == 0 { deepLinkID = value } else { link = value }
            }
            return (deepLinkID.flatMap { $0.isEmpty ? nil : $0 }, link.flatMap { $0.isEmpty ? nil : $0 })
        }

        private static let nestedLinkNames: RawQuery.Names = ["deep_link_id", "link"]

        private static func split(_ url: Range<Int>, of levels: [UInt8], into query: inout RawQuery) {
            levels.withUnsafeBufferPointer { query.reset(toURL: UnsafeBufferPointer(rebasing: $0[url])) }
        }

        /// The same for a level whose offsets are known: its query found from them.
        private static func split(
            _ url: Range<Int>, offsets: URLParts.Offsets?, of levels: [UInt8], into query: inout RawQuery
        ) {
            levels.withUnsafeBufferPointer { buffer in
                let link = UnsafeBufferPointer(rebasing: buffer[url])
                let range = URLParts.queryOffsets(in: link, offsets: offsets) ?? link.count..<link.count
                query.reset(toQuery: UnsafeBufferPointer(rebasing: link[range]))
            }
        }

        /// The offsets of the level at `url`.
        private static func offsets(_ url: Range<Int>, in levels: [UInt8]) -> URLParts.Offsets? {
            levels.withUnsafeBufferPointer { URLParts.Offsets(UnsafeBufferPointer(rebasing: $0[url])) }
        }

        private func classify(_ url: Range<Int>, offsets: URLParts.Offsets??, parameterIsLink: Bool) -> LinkLayer {
            levels.withUnsafeBufferPointer {
                LinkLayer.classify(
                    outer: UnsafeBufferPointer(rebasing: $0[url]), offsets: offsets, parameterIsLink: parameterIsLink)
            }
        }

        /// Whether the level at `url` (its offsets `offsets`) is on a mail gateway's host (compared as lowercased
        /// bytes).
        private mutating func hasWrapperHost(_ url: Range<Int>, offsets: URLParts.Offsets?) -> Bool {
            let found = levels.withUnsafeBufferPointer { buffer -> Range<Int>? in
                let link = UnsafeBufferPointer(rebasing: buffer[url])
                guard let authority = offsets?.authority else { return nil }
                let (host, _) = URLParts.hostAndPort(ofAuthority: UnsafeBufferPointer(rebasing: link[authority]))
                let start = url.lowerBound + authority.lowerBound
                return (start + host.lowerBound)..<(start + host.upperBound)
            }
            guard let found else { return false }
            // Most hosts are lowercase already and on no gateway: those are tested where they lie, uncopied.
            let lowercaseAndPlain = levels.withUnsafeBufferPointer { buffer in
                let bytes = UnsafeBufferPointer(rebasing: buffer[found])
                return !bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
                    && !MailSecurityWrapper.isWrapperHost(bytes)
            }
            if lowercaseAndPlain { return false }
            host.removeAll(keepingCapacity: true)
            host.append(contentsOf: levels[found])
            for index in host.indices where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(host[index]) {
                host[index] |= 0x20
            }
            return host.withUnsafeBufferPointer(MailSecurityWrapper.isWrapperHost)
        }

        func text(_ url: Range<Int>) -> String {
            levels.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[url]), as: UTF8.self) }
        }
    }
}
