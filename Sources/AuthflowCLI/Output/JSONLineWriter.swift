/// Builds one JSON object on a line, keys in the order given: `link inspect --json` promises a stable shape,
/// and a hand-rolled writer is several times faster than `JSONEncoder` in batch mode.
struct JSONLineWriter {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var needsComma = false

    mutating func field(_ key: String, _ value: String?) {
        writeKey(key)
        if let value { writeString(value) } else { bytes.append(contentsOf: "null".utf8) }
    }

    mutating func field(_ key: String, strings: [String]) {
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A nested object of string fields, or `null`.
    mutating func field(_ key: String, object: [(String, String?)]?) {
        writeKey(key)
        guard let object else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        var nested = JSONLineWriter()
        for (name, value) in object { nested.field(name, value) }
        bytes.append(contentsOf: nested.finished(newline: false))
    }

    /// The object closed, with a trailing newline unless asked otherwise.
    func finished(newline: Bool = true) -> [UInt8] {
        var output = bytes
        output.append(UInt8(ascii: "}"))
        if newline { output.append(UInt8(ascii: "\n")) }
        return output
    }

    private mutating func writeKey(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func writeString(_ value: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
