import Foundation

/// Parses the timestamp formats the API and its emulator use.
enum Timestamp {
    /// An RFC 3339 time with or without fractional seconds (any number of digits), or whole epoch
    /// milliseconds written as digits; `nil` for anything else.
    static func date(from raw: String) -> Date? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return epochMilliseconds(text)
        }
        return rfc3339(text)
    }

    /// Digits counting milliseconds since 1970, as `createdAt` and the web SDK's `enrolledAt` carry them.
    static func epochMilliseconds(_ text: String) -> Date? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(text) else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(value) / 1000)
    }

    /// Parses whole seconds with the system formatter and adds any fraction itself, because formatters differ
    /// in how many fractional digits they accept (the emulator writes three, production up to nine).
    private static func rfc3339(_ text: String) -> Date? {
        var whole = text
        var fraction = 0.0
        if let dot = text.firstIndex(of: "."), let timeMark = text.firstIndex(where: { $0 == "T" || $0 == "t" }),
            dot > timeMark
        {
            let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            fraction = Double("0." + digits) ?? 0
            whole = String(text[..<dot]) + String(text[digits.endIndex...])
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: whole.uppercased()) else { return nil }
        return date.addingTimeInterval(fraction)
    }
}
