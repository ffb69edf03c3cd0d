import AuthflowPrimitives
import Testing

/// A hex digit's value, as the byte-by-byte references below read it.
private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
}

/// The decoder copies plain runs sixteen, then eight bytes at a time and stops at each `%` (and `+` when it becomes a
/// space); every position of an escape relative to those vectors and words must decode as a byte-by-byte reading
/// does.
struct PercentDecodingRunTests {
    /// The reading the decoder promises, one byte at a time: `%XX` decoded, anything else (a broken escape
    /// included) kept, `+` a space only when asked, invalid UTF-8 repaired.
    func reference(_ text: String, plusAsSpace: Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]),
                let low = hexDigit(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusAsSpace && bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes, broken escapes and plus signs at every offset of the first words, in runs of every length.
    var samples: [String] {
        var samples: [String] = []
        let fill = "abcdefghijklmnopqrstuvwxyz0123456789"
        for offset in 0..<18 {
            let head = String(fill.prefix(offset))
            for piece in ["%41", "%e9", "%C3%A9", "+", "%4", "%", "%zz", "%2B%25", "%41%42%43%44"] {
                samples.append(head + piece + fill)
                samples.append(head + piece)
                samples.append(fill + head + piece + head)
            }
        }
        samples.append("https%3A%2F%2Fp.firebaseapp.com%2F__%2Fauth%2Faction%3FapiKey%3DK%26mode%3DsignIn%26oob")
        return samples
    }

    @Test func everyOffsetDecodesAsByteByByte() {
        for sample in samples {
            for plusAsSpace in [false, true] {
                #expect(
                    PercentDecoding.decode(sample, plusAsSpace: plusAsSpace)
                        == reference(sample, plusAsSpace: plusAsSpace), "\(sample) \(plusAsSpace)")
                var buffer: [UInt8] = Array("kept".utf8)
                let isASCII = sample.withUTF8Buffer {
                    PercentDecoding.decode(bytes: $0, plusAsSpace: plusAsSpace, into: &buffer)
                }
                let expected = reference(sample, plusAsSpace: plusAsSpace)
                #expect(buffer == Array(("kept" + expected).utf8), "\(sample)")
                // What the bytes appended are, as the unwrapper is told (it skips a second look at ASCII levels).
                #expect(isASCII == expected.utf8.allSatisfy { $0 < 0x80 }, "\(sample)")
                // Told that the (ASCII) sample is ASCII, the decoder skips its own look and answers the same.
                var told: [UInt8] = Array("kept".utf8)
                let toldASCII = sample.withUTF8Buffer {
                    PercentDecoding.decode(bytes: $0, plusAsSpace: plusAsSpace, knownASCII: true, into: &told)
                }
                #expect(told == buffer && toldASCII == isASCII, "\(sample)")
            }
        }
    }
}

/// The strict escape check looks at sixteen positions at a time (and the two bytes after each) and at the last
/// positions one by one: every kind of escape, well formed or not, at every offset of those vectors and of the
/// tail, must be judged as a byte-by-byte reading judges it.
struct PercentEscapeDamageTests {
    /// The check as the JS SDK's `decodeURIComponent` makes it, one byte at a time.
    func reference(_ bytes: [UInt8]) -> PercentEscapeDamage? {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2])
            else {
                return .malformedEscape
            }
            output.append(high << 4 | low)
            index += 3
        }
        return String(validating: output, as: UTF8.self) == nil ? .invalidUTF8 : nil
    }

    @Test func everyOffsetIsJudgedAsByteByByte() {
        let fill = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        // Hex digits and the bytes just outside their ranges (`/ : @ G \` g`), escapes below and above 0x80.
        let pieces = [
            "%41", "%7F", "%7f", "%80", "%9a", "%Ff", "%fF", "%C3%A9", "%C3", "%e9", "%4", "%", "%%", "%zz", "%/0",
            "%0/", "%:0", "%0:", "%@0", "%0@", "%G0", "%0G", "%`0", "%0`", "%g0", "%0g", "%2B%25",
        ].map { Array($0.utf8) }
        var checked = 0
        for length in [0, 1, 5, 13, 14, 15, 16, 17, 18, 30, 31, 32, 33, 34, 47, 48, 49, 50] {
            for offset in 0...length {
                for piece in pieces {
                    let text = Array(fill[..<offset]) + piece + Array(fill[offset..<length].prefix(length - offset))
                    let expected = reference(text)
                    text.withUnsafeBufferPointer { buffer in
                        #expect(
                            PercentDecoding.damage(in: buffer) == expected, "\(String(decoding: text, as: UTF8.self))")
                        #expect(
                            PercentDecoding.damage(in: buffer, knownASCII: true) == expected,
                            "\(String(decoding: text, as: UTF8.self))")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }
}

/// ``RawQuery/forEachPair(namedAnyOf:_:)`` reads several names in one pass: every pair so named, in order, with
/// the index of its name, escaped names matched after decoding, a pair without `=` given an empty value.
struct RawQueryPairsTests {
    @Test func givesEveryNamedPairInOrder() {
        let query = RawQuery("mode=a&x=1&%6Dode=b&apiKey&oobCode=c&mode=&other=mode")
        var seen: [(Int, String)] = []
        query.forEachPair(namedAnyOf: ["mode", "apiKey", "oobCode"]) { index, range in
            var value: [UInt8] = []
            query.decode(range, appendingTo: &value)
            seen.append((index, String(decoding: value, as: UTF8.self)))
        }
        #expect(seen.map(\.0) == [0, 0, 1, 2, 0])
        #expect(seen.map(\.1) == ["a", "b", "", "c", ""])
    }

    /// Names of one length (`mode`, `lang`) told apart, a name as long as none wanted passed over, escaped names
    /// matched after decoding as `String`s (a Kelvin sign is canonically a `K`), as
    /// ``RawQuery/value(_:rule:plusAsSpace:)`` reads them.
    @Test func namesOfOneLengthAndEscapedNames() {
        let names: RawQuery.Names = ["mode", "apiKey", "oobCode", "continueUrl", "lang", "tenantId"]
        let query = RawQuery("lang=en&mode=m&x=1&api%E2%84%AAey=k&la%6Eg=fr&continueUrlx=no&%25mode=no&tenantId")
        var seen: [(Int, String)] = []
        query.forEachPair(namedAnyOf: names) { index, range in
            var value: [UInt8] = []
            query.decode(range, appendingTo: &value)
            seen.append((index, String(decoding: value, as: UTF8.self)))
        }
        #expect(seen.map(\.0) == [4, 0, 1, 4, 5])
        #expect(seen.map(\.1) == ["en", "m", "k", "fr", ""])
        #expect(query.value("apiKey") == "k")
        #expect(query.value("lang") == "fr")
    }

    @Test func firstOrLastValueByRule() {
        let query = RawQuery("q=first&q=second&url=x")
        var first: [UInt8] = []
        var last: [UInt8] = []
        #expect(query.decodeValue("q", rule: .firstWins, appendingTo: &first))
        #expect(query.decodeValue("q", appendingTo: &last))
        #expect(first == Array("first".utf8))
        #expect(last == Array("second".utf8))
    }

    /// The whole query is checked first; damage that only a pair shows (an escape cut by `&` or `=`, a character
    /// split between pairs) is damage of the whole too, and still reported for its own pair.
    @Test func damageIsNamedForItsPair() {
        #expect(RawQuery("a=1&b=%C3&c=%A9").firstDamage()?.name == "b")
        #expect(RawQuery("a=1&b=%C3&c=%A9").firstDamage()?.damage == .invalidUTF8)
        #expect(RawQuery("x%4=1&b=2").firstDamage()?.name == "x%4")
        #expect(RawQuery("a=%4&b=1").firstDamage()?.damage == .malformedEscape)
        #expect(RawQuery("a=%C3%A9&b=%41").firstDamage() == nil)
    }

    /// One value reused for query after query, as the batch does: a shorter query after a longer one sees none
    /// of the longer one's pairs or bytes (its buffers are overwritten in place, not emptied).
    @Test func aResetForgetsTheLongerQueryBefore() {
        var query = RawQuery()
        let queries = ["a=1&b=%zz&c=3&mode=x&d=4", "b=2", "", "mode=y&e", "a=%C3%A9"]
        for text in queries {
            Array(text.utf8).withUnsafeBufferPointer { query.reset(toQuery: $0) }
            let fresh = RawQuery(text[...])
            #expect(
                query.decodedPairs(plusAsSpace: false).map { [$0.name, $0.value] }
                    == fresh.decodedPairs(plusAsSpace: false).map { [$0.name, $0.value] })
            #expect(query.firstDamage()?.name == fresh.firstDamage()?.name)
            #expect(query.contains("c") == text.contains("c="))
            #expect(query.value("mode") == fresh.value("mode"))
        }
        Array("b=2".utf8).withUnsafeBufferPointer { query.reset(toQuery: $0) }
        #expect(query.firstDamage() == nil)
        #expect(query.decodedPairs(plusAsSpace: false).count == 1)
    }
}
