import Foundation
import Testing

/// A JSON value for comparing request bodies exactly: `true` differs from `1`, `"3"` from `3`, and key order
/// does not matter. Written with literals so expected bodies read like the reference vectors.
enum JSON: Hashable, Sendable, CustomStringConvertible, Decodable,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) { self = .object(Dictionary(uniqueKeysWithValues: elements)) }
    init(nilLiteral: ()) { self = .null }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Parses `bytes`, recording an issue when they are not JSON.
    static func parse(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSON? {
        do {
            return try JSONDecoder().decode(JSON.self, from: Data(bytes))
        } catch {
            Issue.record("not JSON: \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
            return nil
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value.rounded() == value ? "\(Int64(value))" : "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[\(values.map(\.description).joined(separator: ","))]"
        case .object(let members):
            "{\(members.keys.sorted().map { "\"\($0)\":\(members[$0]!.description)" }.joined(separator: ","))}"
        }
    }
}
