/// A JSON value whose objects keep their key order, so replies list fields in the emulator's order and
/// echoed client data (an IdP's claims in `rawUserInfo`) keeps the client's order.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, or `nil` for any other kind.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The object, or `nil` for any other kind.
    var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// JavaScript truthiness, which the emulator's `assert(value, …)` checks use.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array, .object: true
        }
    }
}

/// An ordered JSON object. Setting an existing key keeps its position, as JavaScript objects do.
struct JSONObject: Sendable, Equatable {
    private(set) var entries: [(key: String, value: JSONValue)] = []

    init() {}

    init(_ entries: [(String, JSONValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    var keys: [String] { entries.map(\.key) }
    var isEmpty: Bool { entries.isEmpty }

    /// Reading gives the value or `nil`; writing `nil` removes the key.
    subscript(key: String) -> JSONValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// Sets `key` only when `value` is present, like JSON.stringify dropping `undefined`.
    mutating func set(_ key: String, _ value: String?) {
        if let value { self[key] = .string(value) }
    }

    /// Sets `key` only when `value` is present.
    mutating func set(_ key: String, _ value: Bool?) {
        if let value { self[key] = .bool(value) }
    }

    /// Sets `key` to `value`.
    mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { self[key] = value }
    }

    /// Appends every entry of `other`, overwriting in place like `{...a, ...b}`.
    mutating func merge(_ other: JSONObject) {
        for (key, value) in other.entries { self[key] = value }
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
