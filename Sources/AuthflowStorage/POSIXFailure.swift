#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of the current `errno`, for error messages.
package enum POSIXFailure {
    package static func describe(_ code: Int32 = errno) -> String {
        strerror(code).map { String(validatingCString: $0) ?? "error \(code)" } ?? "error \(code)"
    }
}
