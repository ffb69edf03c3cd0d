/// A JSON value whose object keys keep the order they were given in, so `--json` output has a stable shape.
indirect enum OrderedJSON {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    /// A string, or null when absent.
    static func optional(_ text: String?) -> OrderedJSON {
        text.map(OrderedJSON.string) ?? .null
    }

    /// A boolean, or null when absent.
    static func optional(_ flag: Bool?) -> OrderedJSON {
        flag.map(OrderedJSON.bool) ?? .null
    }

    /// The whole object as one line of JSON.
    static func line(_ members: [(String, OrderedJSON)]) -> [UInt8] {
        var writer = JSONLineWriter()
        for (name, value) in members { writer.field(name, json: value) }
        return writer.finished()
    }
}
