#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from `environ` at each call (so a `setenv` in between is seen).
///
/// The one place the layers read the whole environment: Foundation's `ProcessInfo.processInfo.environment`
/// built every name and value through Foundation's string machinery at about 0.45–0.9 M instructions a call
/// (callgrind, release), and a command asked for it two to five times before its first request
/// (language, configuration, proxies, the rendezvous directory). This splits each `NAME=value` entry on its
/// bytes, about 20× less.
public enum ProcessEnvironment {
    /// Every `NAME=value` entry as a dictionary. An entry without `=` is skipped; of two entries with the same
    /// name the first wins, as `getenv(3)` finds it. Bytes that are not UTF-8 are repaired (U+FFFD), as
    /// Foundation did.
    public static func current() -> [String: String] {
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return [:] }
        var count = 0
        while entry[count] != nil { count += 1 }
        // Sized once: growing it entry by entry rehashed it half a dozen times (most of the cost).
        var variables = [String: String](minimumCapacity: count)
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                guard variables[name] == nil else { return }
                variables[name] = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }

    /// One variable's value, `nil` when it is unset (`getenv(3)`; nothing else of the environment is read).
    /// Bytes that are not UTF-8 are repaired (U+FFFD).
    public static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }
}
