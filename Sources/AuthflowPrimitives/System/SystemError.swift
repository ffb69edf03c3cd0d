#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call's failure as its `errno` value, so a front end can word it in the user's language.
/// ``description`` is the C library's text (English in the C locale), for logs and embedders.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32

    /// The failure `code` names.
    public init(code: Int32) {
        self.code = code
    }

    /// The failure the current `errno` names.
    public static var current: SystemError { SystemError(code: errno) }

    /// The C library's English text for the code, e.g. "Permission denied": read in the C locale, so it is
    /// neither translated nor turned into `?` by the messages language a front end set.
    public var description: String {
        guard let locale = newlocale(1 << LC_MESSAGES, "C", nil) else { return "error \(code)" }
        defer { freelocale(locale) }
        return strerror_l(code, locale).map { String(validatingCString: $0) ?? "error \(code)" } ?? "error \(code)"
    }
}
