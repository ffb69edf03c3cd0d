import Foundation

/// RFC 3339 timestamps with milliseconds in UTC, the shape of JavaScript's `Date.toISOString()`
/// (`2022-08-01T18:31:15.426Z`).
enum RFC3339 {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func string(_ date: Date) -> String {
        date.formatted(style)
    }

    static func date(_ text: String) -> Date? {
        try? style.parse(text)
    }
}
