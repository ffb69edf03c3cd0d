import AuthflowPrimitives

/// Builds one JSON object on a line, keys in the order given: `--json` promises a stable shape. The bytes come
/// from the one ``JSONWriter``, with every control character escaped so a line stays one line.
struct JSONLineWriter {
    private var members: [(String, JSONValue)] = []

    mutating func field(_ key: String, _ value: String?) {
        members.append((key, .optional(value)))
    }

    mutating func field(_ key: String, strings: [String]) {
        members.append((key, .array(strings.map(JSONValue.string))))
    }

    /// A nested object of string fields, or `null`.
    mutating func field(_ key: String, object: [(String, String?)]?) {
        members.append((key, object.map { fields in .object(fields.map { ($0.0, .optional($0.1)) }) } ?? .null))
    }

    /// Any JSON value, for the smaller objects of the account commands (`whoami --json`, sign-in results).
    mutating func field(_ key: String, json value: JSONValue) {
        members.append((key, value))
    }

    /// The object, with a trailing newline unless asked otherwise.
    func finished(newline: Bool = true) -> [UInt8] {
        var bytes = JSONWriter.bytes(.object(members), escaping: .allControls)
        if newline { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// The whole object as one line of JSON.
    static func line(_ members: [(String, JSONValue)]) -> [UInt8] {
        JSONLineWriter(members: members).finished()
    }
}
