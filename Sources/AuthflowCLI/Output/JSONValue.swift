/// A JSON value whose object keys keep the order they were given in, so `--json` output has a stable shape.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A string, or null when absent.
    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// A boolean, or null when absent.
    static func optional(_ flag: Bool?) -> JSONValue {
        flag.map(JSONValue.bool) ?? .null
    }

    /// The whole object as one line of JSON.
    static func line(_ members: [(String, JSONValue)]) -> [UInt8] {
        var writer = JSONLineWriter()
        for (name, value) in members { writer.field(name, json: value) }
        return writer.finished()
    }
}
