/// A phone number in E.164 form: `+`, then 7 to 15 digits, the first not `0`. It is the only form Firebase
/// accepts, and the form pending verifications are filed under, so every number is checked before anything
/// is sent.
public struct PhoneNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number as sent, e.g. `+16505554567`.
    public let e164: String

    /// Accepts `text` (surrounding whitespace aside) only when it is already E.164; otherwise the error
    /// suggests the E.164 spelling when one can be worked out (`650-555-3434` → `+16505553434`).
    public init(validating text: String) throws(PhoneNumberError) {
        let trimmed = text.trimmingWhitespace()
        guard Self.isE164(trimmed) else {
            throw PhoneNumberError(given: text, suggestion: Self.suggestion(for: trimmed))
        }
        e164 = trimmed
    }

    /// The digits without the `+`, for file names.
    public var digits: String { String(e164.dropFirst()) }

    public var description: String { e164 }

    /// Decodes the string form, refusing a stored value that is not E.164.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(validating: text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(e164)
    }

    static func isE164(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "+"), (8...16).contains(bytes.count),
            bytes[1] != UInt8(ascii: "0")
        else { return false }
        return bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The E.164 spelling a person most likely meant, or nil when the country is anyone's guess. Only
    /// formatting is removed; a 10-digit number without a country code is read as North American, the one
    /// plan where that length alone says the country.
    static func suggestion(for text: String) -> String? {
        let formatting = Set(" -.()/\u{00A0}")
        let digits = text.filter(\.isASCIIDigit)
        guard text.allSatisfy({ $0.isASCIIDigit || formatting.contains($0) || $0 == "+" }),
            text.filter({ $0 == "+" }).count <= 1, text.firstIndex(of: "+").map({ $0 == text.startIndex }) ?? true
        else { return nil }
        let candidate: String
        if text.hasPrefix("+") {
            candidate = "+" + digits
        } else if digits.hasPrefix("00") {
            candidate = "+" + digits.dropFirst(2)
        } else if digits.count == 10, let first = digits.first, first != "0", first != "1" {
            candidate = "+1" + digits
        } else if digits.count == 11, digits.hasPrefix("1") {
            candidate = "+" + digits
        } else {
            return nil
        }
        return isE164(candidate) ? candidate : nil
    }
}

/// A phone number that is not in E.164 form.
public struct PhoneNumberError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public let given: String
    /// The E.164 spelling it probably means, when one can be worked out.
    public let suggestion: String?

    /// The refusal of `given`, suggesting `suggestion`.
    public init(given: String, suggestion: String?) {
        self.given = given
        self.suggestion = suggestion
    }

    public var description: String {
        let shown = given.trimmingWhitespace().isEmpty ? "An empty phone number" : "\"\(given)\""
        let hint =
            suggestion.map { " Did you mean \($0)?" }
            ?? " Add + and the country code, e.g. +16505553434 or +447700900123."
        return "\(shown) is not a phone number in E.164 form (+, the country code, then the number, digits only)."
            + hint
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
