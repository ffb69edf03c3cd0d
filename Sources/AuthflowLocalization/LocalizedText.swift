/// A message written in English in the sources, shown in the language in force.
///
/// Written as a string literal, interpolations and all: `localized("Sent a link to \(address).")`. The
/// catalogue key is the literal with `%s` for each interpolated value (and `%%` for a literal `%`):
/// `"Sent a link to %s."`; a translation may reorder the values with `%2$s`, `%1$s`. Long messages may be
/// split into literals joined with `+`, which join into one key.
public struct LocalizedText: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The catalogue key: the English text with `%s` for each value.
    public private(set) var key: String
    /// The interpolated values, in the order they appear in the English text.
    public private(set) var values: [String]

    public init(stringLiteral value: String) {
        key = Self.escaped(value)
        values = []
    }

    public init(stringInterpolation: Interpolation) {
        key = stringInterpolation.key
        values = stringInterpolation.values
    }

    /// Builds the key and values of an interpolated literal.
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var values: [String] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + interpolationCount * 2)
        }

        public mutating func appendLiteral(_ literal: String) {
            key += LocalizedText.escaped(literal)
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            key += "%s"
            values.append(String(describing: value))
        }

        /// A value that describes itself (numbers, the layers' enums): its `description`, called directly. The
        /// unconstrained overload's `String(describing:)` asks the runtime which protocols the value conforms to,
        /// and each first question for a type scans every conformance record of the binary (~0.3 M instructions,
        /// callgrind), on the start of every command whose help text holds a number.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            key += "%s"
            values.append(value.description)
        }

        public mutating func appendInterpolation(_ value: String) {
            key += "%s"
            values.append(value)
        }

        /// An already-shown message (another ``LocalizedText`` resolved) as one value.
        public mutating func appendInterpolation(_ value: LocalizedText) {
            key += "%s"
            values.append(value.text)
        }
    }

    /// Two parts of one message, joined into one key.
    public static func + (lhs: LocalizedText, rhs: LocalizedText) -> LocalizedText {
        var joined = lhs
        joined.key += rhs.key
        joined.values += rhs.values
        return joined
    }

    /// The message in the language in force, with its values in place.
    public var text: String {
        Self.format(MessageCatalogue.translate(key), values)
    }

    /// The message in English, with its values in place.
    public var english: String {
        Self.format(key, values)
    }

    public var description: String { text }

    static func escaped(_ literal: String) -> String {
        literal.contains("%") ? literal.replacingOccurrences(of: "%", with: "%%") : literal
    }

    /// `format` with `%s` (the next value), `%N$s` (value N) and `%%` replaced; anything else is kept.
    public static func format(_ format: String, _ values: [String]) -> String {
        // On the UTF-8 bytes: every mark it looks for is ASCII, so a cut never falls inside a character. (It
        // walked `Character`s and appended `Substring`s through the generic path, and `contains("%")` went
        // through Foundation: ~150 k instructions a message, callgrind, paid for each command's help texts at
        // start.)
        let bytes = Array(format.utf8)
        let percent = UInt8(ascii: "%")
        guard bytes.contains(percent) else { return format }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + values.reduce(0) { $0 + $1.utf8.count })
        var next = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == percent else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var cursor = index + 1
            if cursor < bytes.count, bytes[cursor] == percent {
                result.append(percent)
                index = cursor + 1
                continue
            }
            var position: Int?
            var digitsEnd = cursor
            while digitsEnd < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsEnd]) {
                digitsEnd += 1
            }
            if digitsEnd > cursor, digitsEnd < bytes.count, bytes[digitsEnd] == UInt8(ascii: "$") {
                position = Int(String(decoding: bytes[cursor..<digitsEnd], as: UTF8.self))
                cursor = digitsEnd + 1
            }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "s") || bytes[cursor] == UInt8(ascii: "d")
            else {
                result.append(percent)
                index += 1
                continue
            }
            let slot = position.map { $0 - 1 } ?? next
            if position == nil { next += 1 }
            if values.indices.contains(slot) { result.append(contentsOf: values[slot].utf8) }
            index = cursor + 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// `text` in the language in force: the one way the CLI and the demo show a sentence to a person.
public func localized(_ text: LocalizedText) -> String {
    text.text
}

/// The singular or plural form of a message about `count` things, in the language in force:
/// `localized(one: "\(n) second left", other: "\(n) seconds left", count: n)`. Both forms take the values of
/// `other`, so the singular may leave the number out ("one second left") and a translation may keep it.
public func localized(one: LocalizedText, other: LocalizedText, count: Int) -> String {
    LocalizedText.format(MessageCatalogue.translate(one.key, plural: other.key, count: count), other.values)
}

/// `text` both in English and in the language in force, for a library that writes English and shows what a
/// front end hands back (the callback pages): `localized(pair: "Done")`.
public func localized(pair text: LocalizedText) -> (english: String, text: String) {
    (text.english, text.text)
}
