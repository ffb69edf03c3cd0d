/// A query split into undecoded `name=value` byte ranges, decoding only the values asked for.
///
/// Unwrapping looks at a handful of names per URL, level after level; decoding every pair each time was most
/// of the cost of inspecting a link, so the scan works on UTF-8 bytes and decodes on demand.
package struct RawQuery {
    private let bytes: [UInt8]
    /// Undecoded pairs in order as byte ranges; a pair without `=` has an empty value range.
    private let ranges: [(name: Range<Int>, value: Range<Int>)]

    package init(_ query: Substring) {
        let bytes = query.withUTF8Buffer { Array($0) }
        var ranges: [(name: Range<Int>, value: Range<Int>)] = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer.firstOffset(of: UInt8(ascii: "&"), from: start) ?? buffer.count
                if start < end {
                    if let equals = buffer.firstOffset(of: UInt8(ascii: "="), from: start, to: end) {
                        ranges.append((start..<equals, (equals + 1)..<end))
                    } else {
                        ranges.append((start..<end, end..<end))
                    }
                }
                start = end + 1
            }
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The query of `url` (empty when it has none).
    package init(url: Substring) {
        self.init(URLParts.query(of: url) ?? url[url.endIndex...])
    }

    /// All pairs, decoded.
    package func decodedPairs(plusAsSpace: Bool) -> [(name: String, value: String)] {
        bytes.withUnsafeBufferPointer { buffer in
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
        bytes.withUnsafeBufferPointer { buffer in
            let matches = { (pair: (name: Range<Int>, value: Range<Int>)) in
                Self.name(UnsafeBufferPointer(rebasing: buffer[pair.name]), equals: name, plusAsSpace: plusAsSpace)
            }
            let match = rule == .firstWins ? ranges.first(where: matches) : ranges.last(where: matches)
            guard let match, !match.value.isEmpty else { return nil }
            return PercentDecoding.decode(
                bytes: UnsafeBufferPointer(rebasing: buffer[match.value]), plusAsSpace: plusAsSpace)
        }
    }

    /// The first pair whose name or value is damaged (see ``PercentDecoding/damage(in:)``): its name, decoded
    /// leniently for messages, and how it is damaged.
    package func firstDamage() -> (name: String, damage: PercentEscapeDamage)? {
        bytes.withUnsafeBufferPointer { buffer in
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
        bytes.withUnsafeBufferPointer { buffer in
            ranges.contains {
                Self.name(UnsafeBufferPointer(rebasing: buffer[$0.name]), equals: name, plusAsSpace: false)
            }
        }
    }

    private static func name(_ raw: UnsafeBufferPointer<UInt8>, equals wanted: String, plusAsSpace: Bool) -> Bool {
        let exact = wanted.withUTF8Buffer { $0.elementsEqual(raw) }
        if exact { return true }
        // Rare: an escaped name (`%6Dode`) only matches after decoding.
        guard raw.contains(UInt8(ascii: "%")) || (plusAsSpace && raw.contains(UInt8(ascii: "+"))) else { return false }
        return PercentDecoding.decode(bytes: raw, plusAsSpace: plusAsSpace) == wanted
    }
}

extension QueryParameters.DuplicateRule: Equatable {}
