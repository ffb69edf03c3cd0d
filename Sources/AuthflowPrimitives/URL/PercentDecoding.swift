/// Percent-decoding that never fails: browsers and mail clients hand us broken escapes, and a lenient
/// decoder keeps whatever is readable instead of rejecting the whole link.
public enum PercentDecoding {
    /// Decodes `%XX` escapes once. A `%` not followed by two hex digits stays literal; invalid UTF-8 becomes U+FFFD.
    ///
    /// - Parameter plusAsSpace: `true` for form-style decoding (the iOS SDK's callbacks), `false` to keep `+`
    ///   (the JS SDK's action-link parsing).
    public static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String {
        if let decoded = text.utf8.withContiguousStorageIfAvailable({ decode(bytes: $0, plusAsSpace: plusAsSpace) }) {
            return decoded
        }
        return Array(text.utf8).withUnsafeBufferPointer { decode(bytes: $0, plusAsSpace: plusAsSpace) }
    }

    /// Decodes a whole string; see the `Substring` variant.
    public static func decode(_ text: String, plusAsSpace: Bool = false) -> String {
        decode(text[...], plusAsSpace: plusAsSpace)
    }

    package static func decode(bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        // Nothing to do: return the input unchanged without allocating a scratch buffer.
        if bytes.firstOffset(of: UInt8(ascii: "%")) == nil,
            !plusAsSpace || bytes.firstOffset(of: UInt8(ascii: "+")) == nil
        {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        _ = appendDecoded(bytes, plusAsSpace: plusAsSpace, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends to `output` the UTF-8 of what ``decode(bytes:plusAsSpace:)`` returns, without making a `String`:
    /// link unwrapping decodes each layer into one reused buffer. Returns whether the bytes appended are all ASCII
    /// (looked at anyway, for the repair below), so that they need not be looked at again.
    ///
    /// - Parameter knownASCII: the caller knows `bytes` are all ASCII (a level of a link, checked or decoded):
    ///   then only escapes of bytes from 0x80 up can make the output anything else, and it is not looked at again.
    @discardableResult
    package static func decode(
        bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool, knownASCII: Bool = false, into output: inout [UInt8]
    ) -> Bool {
        let start = output.count
        if bytes.firstOffset(of: UInt8(ascii: "%")) == nil,
            !plusAsSpace || bytes.firstOffset(of: UInt8(ascii: "+")) == nil
        {
            // Nothing to decode (most values): one copy.
            output.append(contentsOf: bytes)
            if knownASCII { return true }
        } else {
            let decodedHighByte = appendDecoded(bytes, plusAsSpace: plusAsSpace, to: &output)
            if knownASCII, !decodedHighByte { return true }
        }
        // Rare: non-ASCII bytes, which the `String` would have repaired (invalid UTF-8 becomes U+FFFD).
        let isASCII = output.withUnsafeBufferPointer {
            let written = UnsafeBufferPointer(rebasing: $0[start...])
            return written.asciiPrefixCount == written.count
        }
        guard !isASCII else { return true }
        let repaired = String(decoding: output[start...], as: UTF8.self)
        output.replaceSubrange(start..., with: repaired.utf8)
        return false
    }

    /// Returns whether an escape decoded to a byte from 0x80 up.
    private static func appendDecoded(
        _ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool, to output: inout [UInt8]
    ) -> Bool {
        // Written through a pointer into room made up front: appending byte by byte re-checked the array's
        // uniqueness and capacity each time, which was most of the decoding cost (callgrind). The room is made by
        // copying the input (one memcpy; filling it with zeros went byte by byte), then decoded over.
        let start = output.count
        output.append(contentsOf: bytes)
        var decodedHighByte = false
        let written = output.withUnsafeMutableBufferPointer { whole -> Int in
            // Raw pointers: the loop runs over every byte of every nested link.
            guard let input = bytes.baseAddress, let out = whole.baseAddress.map({ $0 + start }) else { return 0 }
            let count = bytes.count
            let ones: UInt64 = 0x0101_0101_0101_0101
            let percents = SIMD16<UInt8>(repeating: UInt8(ascii: "%"))
            let pluses = SIMD16<UInt8>(repeating: UInt8(ascii: "+"))
            var write = 0
            var index = 0
            while index < count {
                // Sixteen bytes at a time up to the next `%` (or `+` when it becomes a space), as one `SIMD16`
                // vector, stored whole (the room is there: `write` never passes `index`), and only its plain bytes
                // kept (`firstSetLane`).
                if index + 16 <= count {
                    let vector = UnsafeRawPointer(input + index).loadUnaligned(as: SIMD16<UInt8>.self)
                    var stops = vector .== percents
                    if plusAsSpace { stops .|= vector .== pluses }
                    UnsafeMutableRawPointer(out + write).storeBytes(of: vector, as: SIMD16<UInt8>.self)
                    guard let plain = stops.firstSetLane else {
                        index += 16
                        write += 16
                        continue
                    }
                    index += plain
                    write += plain
                } else if index + 8 <= count {
                    // The same eight bytes at a time: the lowest flagged byte of `(x - 0x01…) & ~x & 0x80…` is
                    // exactly the first byte equal to the pattern.
                    let word = UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)
                    let percent = word ^ (ones &* UInt64(UInt8(ascii: "%")))
                    var stops = (percent &- ones) & ~percent
                    if plusAsSpace {
                        let plus = word ^ (ones &* UInt64(UInt8(ascii: "+")))
                        stops |= (plus &- ones) & ~plus
                    }
                    stops &= ones &* 0x80
                    UnsafeMutableRawPointer(out + write).storeBytes(of: word, as: UInt64.self)
                    guard stops != 0 else {
                        index += 8
                        write += 8
                        continue
                    }
                    let plain = stops.trailingZeroBitCount >> 3
                    index += plain
                    write += plain
                }
                let byte = input[index]
                if byte == UInt8(ascii: "%"), index + 2 < count,
                    let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
                {
                    out[write] = high << 4 | low
                    if high >= 8 { decodedHighByte = true }
                    index += 3
                } else {
                    out[write] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                    index += 1
                }
                write += 1
            }
            return write
        }
        output.removeLast(bytes.count - written)
        return decodedHighByte
    }

    /// What strict decoding (the JS SDK's `decodeURIComponent`) would throw on in `bytes`: a `%` not followed
    /// by two hex digits, or escapes that decode to invalid UTF-8; nil when the text decodes cleanly.
    ///
    /// - Parameter knownASCII: the caller knows every byte is ASCII (a line checked on reading, a level decoded to
    ///   ASCII), so that they are not looked at again.
    package static func damage(in bytes: UnsafeBufferPointer<UInt8>, knownASCII: Bool = false) -> PercentEscapeDamage? {
        // Common case, checked without a scratch buffer: ASCII text whose escapes are well formed and decode to
        // ASCII decodes to ASCII, which is valid UTF-8.
        guard let (found, decodesToASCII) = escapesAreWellFormed(bytes) else { return .malformedEscape }
        guard found else { return nil }
        if decodesToASCII, knownASCII || isASCII(bytes) { return nil }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return .malformedEscape }
            output.append(high << 4 | low)
            index += 3
        }
        return String(validating: output, as: UTF8.self) == nil ? .invalidUTF8 : nil
    }

    /// Whether every `%` in `bytes` is followed by two hex digits (`nil` when one is not), with whether there is
    /// any escape and whether every escape is of a byte below 0x80.
    ///
    /// Sixteen positions at a time as `SIMD16` vectors: the `%`s among them, and the two bytes after each
    /// position read as two more (overlapping) vectors and tested for hex digits lane by lane; a vector without a
    /// `%` is one comparison. Finding each escape with `memchr` cost a call per escape, and the queries of wrapped
    /// links are mostly escapes (callgrind, perf). The last positions, whose two bytes after would run past the
    /// end, are looked at one by one.
    private static func escapesAreWellFormed(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (found: Bool, decodesToASCII: Bool)? {
        guard let base = bytes.baseAddress else { return (false, true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var found = false
        var decodesToASCII = true
        var index = 0
        // Constants as vectors: a scalar operand made the compiler compare lane by lane.
        let percents = SIMD16<UInt8>(repeating: UInt8(ascii: "%"))
        let zeros = SIMD16<UInt8>(repeating: UInt8(ascii: "0"))
        let eights = SIMD16<UInt8>(repeating: UInt8(ascii: "8"))
        let lowercaseAs = SIMD16<UInt8>(repeating: UInt8(ascii: "a"))
        let caseBits = SIMD16<UInt8>(repeating: 0x20)
        let nines = SIMD16<UInt8>(repeating: 9)
        let fives = SIMD16<UInt8>(repeating: 5)
        let ones = SIMD16<UInt8>(repeating: 1)
        while index + 18 <= count {
            let isPercent = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== percents
            guard isPercent.hasSetLane else {
                index += 16
                continue
            }
            found = true
            let first = raw.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self)
            let second = raw.loadUnaligned(fromByteOffset: index + 2, as: SIMD16<UInt8>.self)
            // Letters: `A`-`F` and `a`-`f`, by folding case; digits by subtracting `0`; both with wrapping.
            let firstIsLetter = (first | caseBits) &- lowercaseAs .<= fives
            let firstIsHex = (first &- zeros .<= nines) .| firstIsLetter
            let secondIsHex = (second &- zeros .<= nines) .| ((second | caseBits) &- lowercaseAs .<= fives)
            if (isPercent .& .!(firstIsHex .& secondIsHex)).hasSetLane { return nil }
            // An escape of 0x80 or above starts with `8`, `9` or a letter.
            if (isPercent .& (firstIsLetter .| (first &- eights .<= ones))).hasSetLane { decodesToASCII = false }
            index += 16
        }
        // The hex digits of an escape are no `%`, so the positions left are looked at independently.
        while index < count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            found = true
            guard index + 2 < count, let high = hexValue(bytes[index + 1]), hexValue(bytes[index + 2]) != nil
            else { return nil }
            if high >= 8 { decodesToASCII = false }
            index += 3
        }
        return (found, decodesToASCII)
    }

    /// Whether every byte is ASCII, eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(bytes[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    @inline(__always)
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// How percent-encoded text is damaged, in the ways a strict decoder (the JS SDK's `decodeURIComponent`)
/// rejects: usually a link cut off or altered on its way through mail or chat.
public enum PercentEscapeDamage: Sendable, Hashable {
    /// A `%` not followed by two hex digits.
    case malformedEscape
    /// Escapes that decode to bytes that are not UTF-8.
    case invalidUTF8
}
