/// The `host:port` of an Auth Emulator, as `FIREBASE_AUTH_EMULATOR_HOST` spells it (`127.0.0.1:9099`,
/// `[::1]:9099`, `localhost:9099`).
public struct EmulatorHost: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address, without brackets.
    public let host: String
    /// The TCP port.
    public let port: UInt16

    /// Parses `host:port`; an `http://` prefix or a trailing slash, common in copied values, is tolerated.
    public init(parsing text: String) throws(EmulatorHostError) {
        var rest = Substring(text.trimmingWhitespace())
        if rest.hasPrefix("http://") { rest = rest.dropFirst("http://".count) }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        let hostPart: Substring
        let portPart: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .malformed("an IPv6 address needs a closing ]") }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            guard after.hasPrefix(":") else { throw .malformed("a port is required, e.g. [::1]:9099") }
            portPart = after.dropFirst()
        } else {
            guard let colon = rest.lastIndex(of: ":") else { throw .malformed("a port is required, e.g. 127.0.0.1:9099") }
            hostPart = rest[..<colon]
            portPart = rest[rest.index(after: colon)...]
            guard !hostPart.contains(":") else { throw .malformed("put an IPv6 address in brackets, e.g. [::1]:9099") }
        }
        guard !hostPart.isEmpty else { throw .malformed("the host is empty") }
        guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:%".contains($0)) }) else {
            throw .malformed("the host may contain only letters, digits, '.', '-' and '_'")
        }
        guard let port = UInt16(portPart), port > 0 else { throw .malformed("the port must be a number from 1 to 65535") }
        host = String(hostPart)
        self.port = port
    }

    /// `host:port`, with IPv6 addresses bracketed.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why an emulator host could not be used.
public enum EmulatorHostError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not `host:port`.
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let reason): reason
        }
    }
}
