import AuthflowPrimitives

/// Builds one JSON object on a line, keys in the order given: `--json` promises a stable shape. The bytes come
/// from the one ``JSONWriter``, member by member as they are given, with every control character escaped so a
/// line stays one line.
struct JSONLineWriter {
    private var writer = JSONWriter(escaping: .allControls)

    init() {
        writer.beginObject()
    }

    mutating func field(_ key: String, _ value: String?) {
        writer.writeMember(key, string: value)
    }

    /// A string field whose key was encoded once (batch lines write the same keys on every line).
    mutating func field(_ key: JSONWriter.EncodedKey, _ value: String?) {
        writer.writeMember(key, string: value)
    }

    /// A string field written from UTF-8 bytes (`nil` for `null`): batch lines write their values from byte ranges.
    mutating func field(_ key: JSONWriter.EncodedKey, utf8 value: UnsafeBufferPointer<UInt8>?) {
        writer.writeMember(key, utf8: value)
    }

    mutating func field(_ key: String, strings: [String]) {
        writer.writeMember(key, strings: strings)
    }

    /// A nested object of string fields, or `null`.
    mutating func field(_ key: String, object: [(String, String?)]?) {
        writer.writeMember(key, Self.object(object))
    }

    /// The same with a key encoded once (`null`, the batch's usual value, written without a ``JSONValue``).
    mutating func field(_ key: JSONWriter.EncodedKey, object: [(String, String?)]?) {
        guard let object else { return writer.writeMember(key, utf8: nil) }
        writer.writeMember(key, Self.object(object))
    }

    /// A string-array field with a key encoded once, from any sequence (no `Array` built for it).
    mutating func field(_ key: JSONWriter.EncodedKey, strings: some Sequence<String>) {
        writer.beginArrayMember(key)
        for text in strings { writer.writeElement(string: text) }
        writer.endArray()
    }

    private static func object(_ fields: [(String, String?)]?) -> JSONValue {
        fields.map { fields in .object(fields.map { ($0.0, .optional($0.1)) }) } ?? .null
    }

    /// Any JSON value, for the smaller objects of the account commands (`whoami --json`, sign-in results).
    mutating func field(_ key: String, json value: JSONValue) {
        writer.writeMember(key, value)
    }

    /// The object closed, with a trailing newline unless asked otherwise.
    func finished(newline: Bool = true) -> [UInt8] {
        var closed = writer
        closed.endObject()
        var bytes = closed.bytes
        if newline { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// Starts the next line in the same buffer (batch output writes one line per input without allocating one).
    mutating func restart() {
        writer.removeAll()
        writer.beginObject()
    }

    /// Closes the object in place and runs `body` on its bytes (without the newline) where they lie, in the
    /// writer's buffer: batch lines are handed on without a copy.
    mutating func finishInPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        writer.endObject()
        return writer.withBytes(body)
    }

    /// The whole object as one line of JSON.
    static func line(_ members: [(String, JSONValue)]) -> [UInt8] {
        var line = JSONLineWriter()
        for (key, value) in members { line.field(key, json: value) }
        return line.finished()
    }
}
