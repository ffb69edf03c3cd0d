/// An ordered JSON object. Setting an existing key keeps its position, as JavaScript objects do.
public struct JSONObject: Sendable, Equatable {
    /// The members in order, each key once.
    public private(set) var entries: [(key: String, value: JSONValue)] = []

    /// An empty object.
    public init() {}

    /// An object with `entries` in order; a repeated key keeps its first position and its last value.
    public init(_ entries: [(String, JSONValue)]) {
        for (key, value) in entries { self[key] = value }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }
    /// Whether the object has no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// Reading gives the value or `nil`; writing `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
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
    public mutating func set(_ key: String, _ value: String?) {
        if let value { self[key] = .string(value) }
    }

    /// Sets `key` only when `value` is present.
    public mutating func set(_ key: String, _ value: Bool?) {
        if let value { self[key] = .bool(value) }
    }

    /// Sets `key` to `value` when present.
    public mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { self[key] = value }
    }

    /// Appends every entry of `other`, overwriting in place like `{...a, ...b}`.
    public mutating func merge(_ other: JSONObject) {
        for (key, value) in other.entries { self[key] = value }
    }
}
