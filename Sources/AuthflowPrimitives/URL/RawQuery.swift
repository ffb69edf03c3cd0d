/// A query split into undecoded `name=value` byte ranges, decoding only the values asked for.
///
/// Unwrapping looks at a handful of names per URL, level after level; decoding every pair each time was most
/// of the cost of inspecting a link, so the scan works on UTF-8 bytes and decodes on demand. A batch reuses one
/// value for every level of every link (``reset(toURL:)``), so after the first links it allocates nothing.
package struct RawQuery: Sendable {
    /// The query's bytes are the first `length` of `storage`, its pairs the first `pairCount` of `storedRanges`:
    /// a reset overwrites both in place instead of emptying and refilling the arrays (emptying an `Array` goes
    /// through its generic `replaceSubrange`, which showed in callgrind at four resets a link).
    private var storage: [UInt8]
    private var length = 0
    private var storedRanges: [(name: Range<Int>, value: Range<Int>)]
    private var pairCount = 0

    /// Undecoded pairs in order as byte ranges; a pair without `=` has an empty value range.
    private var ranges: ArraySlice<(name: Range<Int>, value: Range<Int>)> { storedRanges[..<pairCount] }

    /// An empty query, to be filled by ``reset(toURL:)``.
    package init() {
        storage = []
        storedRanges = []
    }

    /// Runs `body` on the query's bytes.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<length])) }
    }

    package init(_ query: Substring) {
        self.init()
        query.withUTF8Buffer { reset(toQuery: $0) }
    }

    /// The query of `url` (empty when it has none).
    package init(url: Substring) {
        self.init()
        url.withUTF8Buffer { reset(toURL: $0) }
    }

    /// Splits the query of the URL in `url` (empty when it has none) in place of this one, keeping the storage.
    package mutating func reset(toURL url: UnsafeBufferPointer<UInt8>) {
        let query = URLParts.queryOffsets(in: url) ?? url.count..<url.count
        reset(toQuery: UnsafeBufferPointer(rebasing: url[query]))
    }

    /// Splits `query` in place of this one, keeping the storage.
    package mutating func reset(toQuery query: UnsafeBufferPointer<UInt8>) {
        if storage.count < query.count {
            storage.append(contentsOf: repeatElement(0, count: query.count - storage.count))
        }
        if let source = query.baseAddress, !query.isEmpty {
            storage.withUnsafeMutableBufferPointer { $0.baseAddress?.update(from: source, count: query.count) }
        }
        length = query.count
        pairCount = 0
        var start = 0
        while start < query.count {
            let end = query.firstOffset(of: UInt8(ascii: "&"), from: start) ?? query.count
            if start < end {
                if let equals = query.firstOffset(of: UInt8(ascii: "="), from: start, to: end) {
                    addPair(start..<equals, (equals + 1)..<end)
                } else {
                    addPair(start..<end, end..<end)
                }
            }
            start = end + 1
        }
    }

    private mutating func addPair(_ name: Range<Int>, _ value: Range<Int>) {
        if pairCount < storedRanges.count {
            storedRanges[pairCount] = (name, value)
        } else {
            storedRanges.append((name, value))
        }
        pairCount += 1
    }

    /// All pairs, decoded.
    package func decodedPairs(plusAsSpace: Bool) -> [(name: String, value: String)] {
        withBytes { buffer in
            ranges.map {
                (
                    PercentDecoding.decode(
                        bytes: UnsafeBufferPointer(rebasing: buffer[$0.name]), plusAsSpace: plusAsSpace),
                    PercentDecoding.decode(
                        bytes: UnsafeBufferPointer(rebasing: buffer[$0.value]), plusAsSpace: plusAsSpace)
                )
            }
        }
    }

    /// The decoded, non-empty value for `name`, or `nil`.
    package func value(
        _ name: String, rule: QueryParameters.DuplicateRule = .lastWins, plusAsSpace: Bool = false
    ) -> String? {
        guard let range = valueRange(name, rule: rule, plusAsSpace: plusAsSpace) else { return nil }
        return withBytes {
            PercentDecoding.decode(bytes: UnsafeBufferPointer(rebasing: $0[range]), plusAsSpace: plusAsSpace)
        }
    }

    /// Appends the bytes ``value(_:rule:plusAsSpace:)`` would return (`+` kept) to `output`
    /// without making a `String`; `false`, appending nothing, when there is no such value.
    package func decodeValue(
        _ name: String, rule: QueryParameters.DuplicateRule = .lastWins, appendingTo output: inout [UInt8]
    ) -> Bool {
        guard let range = valueRange(name, rule: rule, plusAsSpace: false) else { return false }
        _ = withBytes {
            PercentDecoding.decode(bytes: UnsafeBufferPointer(rebasing: $0[range]), plusAsSpace: false, into: &output)
        }
        return true
    }

    /// The raw bytes of the non-empty value for `name`, or `nil`.
    private func valueRange(_ name: String, rule: QueryParameters.DuplicateRule, plusAsSpace: Bool) -> Range<Int>? {
        withBytes { buffer in
            let matches = { (pair: (name: Range<Int>, value: Range<Int>)) in
                Self.name(UnsafeBufferPointer(rebasing: buffer[pair.name]), equals: name, plusAsSpace: plusAsSpace)
            }
            let match = rule == .firstWins ? ranges.first(where: matches) : ranges.last(where: matches)
            guard let match, !match.value.isEmpty else { return nil }
            return match.value
        }
    }

    /// Names read in one pass over a query's pairs (``forEachPair(namedAnyOf:_:)``), prepared once (a caller keeps
    /// them in a `static let`): their bytes one after another, and for each length the names that have it, so that
    /// a pair's name is compared only with the names as long as it. Names are plain text (no `%`).
    package struct Names: Sendable, ExpressibleByArrayLiteral {
        /// Name `i` is `bytes[starts[i]..<starts[i + 1]]`.
        fileprivate let bytes: [UInt8]
        fileprivate let starts: [Int]
        /// For each length up to the longest name's, the first name of that length (-1 for none), and for each
        /// name the next one as long as it (-1 for none).
        fileprivate let firstOfLength: [Int]
        fileprivate let nextOfSameLength: [Int]
        fileprivate let shortest: Int

        /// `names`, in order: ``forEachPair(namedAnyOf:_:)`` gives a pair's index in them.
        package init(_ names: [StaticString]) {
            var bytes: [UInt8] = []
            var starts: [Int] = []
            for name in names {
                starts.append(bytes.count)
                name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            }
            starts.append(bytes.count)
            let lengths = zip(starts, starts.dropFirst()).map { $1 - $0 }
            var firstOfLength = [Int](repeating: -1, count: (lengths.max() ?? 0) + 1)
            var nextOfSameLength = [Int](repeating: -1, count: names.count)
            for index in lengths.indices.reversed() {
                nextOfSameLength[index] = firstOfLength[lengths[index]]
                firstOfLength[lengths[index]] = index
            }
            self.bytes = bytes
            self.starts = starts
            self.firstOfLength = firstOfLength
            self.nextOfSameLength = nextOfSameLength
            shortest = lengths.min() ?? 0
        }

        package init(arrayLiteral names: StaticString...) {
            self.init(names)
        }
    }

    /// Calls `body` with the index in `names` and the raw value range (empty when the pair has none) of every pair
    /// named one of `names`, in order: several names are read in one pass over the pairs instead of one each, and
    /// the caller keeps the last (or first) it is given, as ``value(_:rule:plusAsSpace:)`` does for one name.
    ///
    /// A pair's name matches the name it spells: byte for byte, or, when escaped (`%6Dode`), after decoding
    /// (compared as `String`s, as ``value(_:rule:plusAsSpace:)`` compares; decoding only shortens, so only
    /// shorter names are tried). Most pair names are as long as no wanted name and unescaped, and are passed over
    /// after a look at the length table and one for a `%` (comparing each with every name's length was most of
    /// `forEachPair`'s cost in callgrind).
    package func forEachPair(namedAnyOf names: Names, _ body: (Int, Range<Int>) -> Void) {
        withBytes { buffer in
            // The pairs through a pointer: the slice ``ranges`` gives costs a retain and a bounds check per pair.
            storedRanges.withUnsafeBufferPointer { pairs in
                names.bytes.withUnsafeBufferPointer { nameBytes in
                    names.starts.withUnsafeBufferPointer { starts in
                        for pair in UnsafeBufferPointer(rebasing: pairs[..<pairCount]) {
                            let raw = UnsafeBufferPointer(rebasing: buffer[pair.name])
                            func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                                UnsafeBufferPointer(rebasing: nameBytes[starts[index]..<starts[index + 1]])
                            }
                            var index = raw.count < names.firstOfLength.count ? names.firstOfLength[raw.count] : -1
                            while index >= 0, !URLParts.bytes(raw, equal: name(index)) {
                                index = names.nextOfSameLength[index]
                            }
                            if index >= 0 {
                                body(index, pair.value)
                                continue
                            }
                            // Rare: an escaped name, which can only match a shorter name, after decoding.
                            guard raw.count > names.shortest, raw.contains(UInt8(ascii: "%")) else { continue }
                            for index in 0..<(starts.count - 1)
                            where Self.name(raw, equalsUTF8: name(index), plusAsSpace: false) {
                                body(index, pair.value)
                                break
                            }
                        }
                    }
                }
            }
        }
    }

    /// Percent-decodes the raw bytes at `range`, as given by ``forEachPair(namedAnyOf:_:)``, onto the end of
    /// `output` (`+` kept unless `plusAsSpace`); returns whether the bytes appended are all ASCII. `knownASCII`:
    /// the caller knows the query is (see ``PercentDecoding/decode(bytes:plusAsSpace:knownASCII:into:)``).
    @discardableResult
    package func decode(
        _ range: Range<Int>, plusAsSpace: Bool = false, knownASCII: Bool = false, appendingTo output: inout [UInt8]
    ) -> Bool {
        withBytes {
            PercentDecoding.decode(
                bytes: UnsafeBufferPointer(rebasing: $0[range]), plusAsSpace: plusAsSpace, knownASCII: knownASCII,
                into: &output)
        }
    }

    /// Runs `body` on the raw (undecoded) bytes at `range`.
    package func withRawBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withBytes { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The first pair whose name or value is damaged (see ``PercentDecoding/damage(in:knownASCII:)``): its name,
    /// decoded leniently for messages, and how it is damaged. `knownASCII`: the caller knows the query is ASCII.
    package func firstDamage(knownASCII: Bool = false) -> (name: String, damage: PercentEscapeDamage)? {
        withBytes { buffer in
            // The whole query at once first: `&` and `=` are neither hex digits nor part of a multi-byte
            // character, so an escape cut by them, or a piece that does not decode to UTF-8, is damage in the whole
            // as well; a clean whole means clean pairs, and the pair-by-pair search runs only on damage.
            guard PercentDecoding.damage(in: buffer, knownASCII: knownASCII) != nil else { return nil }
            for pair in ranges {
                let name = UnsafeBufferPointer(rebasing: buffer[pair.name])
                let value = UnsafeBufferPointer(rebasing: buffer[pair.value])
                if let damage = PercentDecoding.damage(in: name) ?? PercentDecoding.damage(in: value) {
                    return (PercentDecoding.decode(bytes: name, plusAsSpace: false), damage)
                }
            }
            return nil
        }
    }

    /// Whether a name is present at all (even with an empty value).
    package func contains(_ name: String) -> Bool {
        withBytes { buffer in
            ranges.contains {
                Self.name(UnsafeBufferPointer(rebasing: buffer[$0.name]), equals: name, plusAsSpace: false)
            }
        }
    }

    private static func name(_ raw: UnsafeBufferPointer<UInt8>, equals wanted: String, plusAsSpace: Bool) -> Bool {
        wanted.withUTF8Buffer { name(raw, equalsUTF8: $0, plusAsSpace: plusAsSpace) }
    }

    private static func name(
        _ raw: UnsafeBufferPointer<UInt8>, equalsUTF8 wanted: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool
    ) -> Bool {
        // Decoding never lengthens a name, so a shorter one cannot match; most names differ in length.
        guard raw.count >= wanted.count else { return false }
        if raw.count == wanted.count, URLParts.bytes(raw, equal: wanted) { return true }
        // Rare: an escaped name (`%6Dode`) only matches after decoding (compared as `String`s, as always).
        guard raw.contains(UInt8(ascii: "%")) || (plusAsSpace && raw.contains(UInt8(ascii: "+"))) else { return false }
        return PercentDecoding.decode(bytes: raw, plusAsSpace: plusAsSpace) == String(decoding: wanted, as: UTF8.self)
    }
}

extension QueryParameters.DuplicateRule: Equatable {}
