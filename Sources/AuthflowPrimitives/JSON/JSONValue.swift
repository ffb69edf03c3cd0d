/// A JSON value whose objects keep their key order: the one JSON model of every layer. The emulator's replies
/// list fields in the emulator's order and echo a client's data in the client's order, `--json` output has a
/// stable shape, and the REST client reads error envelopes and fields whose shape varies.
///
/// The rule for JSON in every module: `Codable` for fixed shapes, `JSONValue` (with ``JSONParser`` and
/// ``JSONWriter``) for open ones, never `JSONSerialization`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// An object with `members` in the order given.
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }

    /// An integer, which JSON writes without a fraction.
    public static func integer(_ value: Int) -> JSONValue {
        .number(Double(value))
    }

    /// A string, or `null` when absent.
    public static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// A boolean, or `null` when absent.
    public static func optional(_ flag: Bool?) -> JSONValue {
        flag.map(JSONValue.bool) ?? .null
    }

    /// The string, or `nil` for any other kind.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The flag, or `nil` for any other kind.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, or `nil` for any other kind.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, or `nil` for any other kind.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, or `nil` for any other kind.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object; `nil` when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// JavaScript truthiness, which the emulator's `assert(value, …)` checks use.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array, .object: true
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
