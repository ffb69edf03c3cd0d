#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// String path helpers; Foundation's URL path handling is avoided so that paths round-trip byte for byte.
package enum FilePath {
    package static func join(_ base: String, _ component: String) -> String {
        if base.hasSuffix("/") { return base + component }
        return base + "/" + component
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    package static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return join(currentDirectory(), path)
    }

    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return string(fromCString: buffer)
    }

    /// A NUL-terminated C buffer as a String (invalid UTF-8 is replaced).
    package static func string(fromCString buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The absolute path of the running program (Linux's `/proc/self/exe`), so that files naming it (desktop
    /// entries) keep working whatever directory they are used from.
    package static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return string(fromCString: Array(buffer[0..<count]) + [0])
    }
}
