import AuthflowPrimitives
import Foundation

/// Where requests go: Google's production Firebase Auth servers or an Auth Emulator. (Not to be confused with
/// the `AuthflowBackend` module, which *is* an emulator.)
public enum AuthServer: Sendable, Hashable {
    /// Google's production hosts over HTTPS.
    case production
    /// A Firebase Auth Emulator at `hostAndPort` (`127.0.0.1:9099`, `[::1]:9099`, `localhost:9099`), over
    /// plain HTTP with the production host as the first path segment. Use ``emulator(parsing:)`` for user
    /// input.
    case emulator(hostAndPort: String)

    /// An emulator backend from a `FIREBASE_AUTH_EMULATOR_HOST`-style value, checked so a typo fails here with a
    /// message saying what to fix instead of later as an unreachable host.
    ///
    /// Accepts `host:port` where host is a name, an IPv4 address or a bracketed IPv6 address and port is
    /// 1–65535; surrounding whitespace is ignored. A scheme, path, or missing port is refused.
    public static func emulator(parsing value: String) throws(EmulatorHostError) -> AuthServer {
        .emulator(hostAndPort: try EmulatorHost.validate(value))
    }

    /// Whether this is an Auth Emulator, which accepts any API key and needs no app verification.
    public var isEmulator: Bool {
        if case .emulator = self { return true }
        return false
    }
}

/// Parsing for ``AuthServer/emulator(parsing:)``.
enum EmulatorHost {
    /// The trimmed, validated `host:port`.
    static func validate(_ raw: String) throws(EmulatorHostError) -> String {
        let value = raw.trimmingWhitespace()
        guard !value.isEmpty else { throw EmulatorHostError(value: raw, problem: .empty) }
        if value.contains("://") { throw EmulatorHostError(value: raw, problem: .hasScheme) }
        if value.contains(where: { "/?#@".contains($0) }) { throw EmulatorHostError(value: raw, problem: .hasPath) }

        let host: Substring
        let port: Substring
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else {
                throw EmulatorHostError(value: raw, problem: .invalidHost)
            }
            host = value[value.index(after: value.startIndex)..<close]
            let rest = value[value.index(after: close)...]
            guard rest.hasPrefix(":") else { throw EmulatorHostError(value: raw, problem: .missingPort) }
            port = rest.dropFirst()
            guard !host.isEmpty, host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
            else { throw EmulatorHostError(value: raw, problem: .invalidHost) }
        } else {
            let colons = value.filter { $0 == ":" }.count
            if colons > 1 { throw EmulatorHostError(value: raw, problem: .unbracketedIPv6) }
            guard let colon = value.firstIndex(of: ":") else {
                throw EmulatorHostError(value: raw, problem: .missingPort)
            }
            host = value[..<colon]
            port = value[value.index(after: colon)...]
            let allowed = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.hasPrefix("-")
            else { throw EmulatorHostError(value: raw, problem: .invalidHost) }
        }
        guard !port.isEmpty else { throw EmulatorHostError(value: raw, problem: .missingPort) }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), port.count <= 5, let number = Int(port),
            (1...65535).contains(number)
        else { throw EmulatorHostError(value: raw, problem: .invalidPort) }
        return value
    }
}
