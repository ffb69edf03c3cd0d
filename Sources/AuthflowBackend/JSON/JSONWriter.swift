/// Serialises ``JSONValue`` compactly, escaping like JavaScript's `JSON.stringify` (no `\/`, non-ASCII
/// kept as is), so strings the emulator builds with `JSON.stringify` come out byte for byte the same.
enum JSONWriter {
    static func string(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output)
        return output
    }

    static func bytes(_ value: JSONValue) -> [UInt8] {
        Array(string(value).utf8)
    }

    private static func write(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, into: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, entry) in object.entries.enumerated() {
                if index > 0 { output += "," }
                writeString(entry.key, into: &output)
                output += ":"
                write(entry.value, into: &output)
            }
            output += "}"
        }
    }

    /// Integers print without a fraction, as JavaScript prints them; non-finite numbers become `null`.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
