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

    /// Any JSON value, for the smaller objects of the account commands (`whoami --json`, sign-in results).
    mutating func field(_ key: String, json value: OrderedJSON) {
        writeKey(key)
        write(value)
    }

    private mutating func write(_ value: OrderedJSON) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .string(let text): writeString(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            var nested = JSONLineWriter()
            for (name, member) in members { nested.field(name, json: member) }
            bytes.append(contentsOf: nested.finished(newline: false))
        }
    }

    /// The object closed, with a trailing newline unless asked otherwise.
    func finished(newline: Bool = true) -> [UInt8] {
        var output = bytes
        output.append(UInt8(ascii: "}"))
        if newline { output.append(UInt8(ascii: "\n")) }
        return output
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeKey(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { buffer in
            // Copy runs that need no escaping in one go; most values are one such run.
            var runStart = 0
            for (offset, byte) in buffer.enumerated() where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<offset]))
                appendEscaped(byte)
                runStart = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }
}
