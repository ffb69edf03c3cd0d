import AuthflowPrimitives
import Testing

/// The writer's own buffer: strings copied sixteen, then eight bytes at a time up to the first byte to escape (a
/// clean end of sixteen bytes or more copied as one overlapping vector), members with
/// encoded keys written with their comma in the same copy, and the buffer grown as lines get longer.
struct JSONWriterBufferTests {
    /// The escaping written out byte by byte, the way the specification reads.
    private static func escaped(_ bytes: [UInt8], allControls: Bool) -> String {
        var text = "\""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\r"): text += "\\r"
            case UInt8(ascii: "\t"): text += "\\t"
            case 0x08 where !allControls: text += "\\b"
            case 0x0C where !allControls: text += "\\f"
            case 0x7F where !allControls: text += "\u{7F}"
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef")
                text += "\\u00" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            default: text += String(UnicodeScalar(byte))
            }
        }
        return text + "\""
    }

    /// Every length up to 70 with each kind of byte to escape at each position (inside a vector or word, at
    /// their edges, in the overlapping last vector, in the tail), in both escapings, as members written from
    /// bytes: the text before the byte is copied by vectors and words, the rest escaped, and the members after
    /// it land right.
    @Test func bytesToEscapeAnywhereComeOutEscaped() async {
        let key = JSONWriter.EncodedKey("v")
        for allControls in [false, true] {
            for length in 1...70 {
                await Task.yield() // A second or more in all: the other tests' work gets turns in between.
                for position in 0..<length {
                    for special: UInt8 in [0x00, 0x08, 0x0A, 0x1F, 0x22, 0x5C, 0x7F] {
                        var value = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                        value[position] = special
                        var writer = JSONWriter(escaping: allControls ? .allControls : .javaScript)
                        writer.beginObject()
                        value.withUnsafeBufferPointer { writer.writeMember(key, utf8: $0) }
                        writer.writeMember(key, utf8: nil)
                        writer.endObject()
                        let expected = "{\"v\":" + Self.escaped(value, allControls: allControls) + ",\"v\":null}"
                        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
                    }
                }
            }
        }
    }

    /// A line far longer than the buffer's first size, written member by member and then emptied and reused:
    /// what ``JSONWriter/withBytes(_:)`` and ``JSONWriter/bytes`` give is exactly what was written.
    @Test func longLinesGrowTheBufferAndReuseIt() {
        let key = JSONWriter.EncodedKey("k")
        var writer = JSONWriter()
        for round in 0..<3 {
            writer.removeAll()
            writer.beginObject()
            var expected = "{"
            for index in 0..<(200 * (round + 1)) {
                let value = String(repeating: "x", count: index % 37) + "é"
                writer.writeMember(key, string: value)
                expected += (index == 0 ? "" : ",") + "\"k\":\"" + value + "\""
            }
            writer.endObject()
            expected += "}"
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
            #expect(writer.withBytes { Array($0) } == Array(expected.utf8))
        }
        #expect(JSONWriter.bytes(.string("ab")) == Array("\"ab\"".utf8))
    }
}
