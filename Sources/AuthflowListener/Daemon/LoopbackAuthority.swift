import AuthflowPrimitives

/// This server's own names for ``LoopbackServer/HostPolicy/loopback``: decides whether a `Host` value, or the
/// authority of an absolute-form target, addresses this server rather than a name that merely resolves here.
/// The names themselves (``isLoopback(authority:)``) are the one definition of "a loopback authority" for the
/// package: the embedded backend checks browser `Origin`s and blocking-function URLs with it.
package struct LoopbackAuthority: Sendable {
    /// The bound port, which the authority must name.
    let port: UInt16
    /// The scheme's default port (80, or 443 with TLS), the only one a client may leave out.
    let defaultPort: UInt16

    /// Whether a request may reach the handler: exactly one `Host`, naming this server, and no
    /// absolute-form target naming anything else (RFC 9112 makes the target's authority win over `Host`).
    func admits(target: String, headers: [HTTPHeader]) -> Bool {
        let hosts = headers.filter { $0.name.lowercased() == "host" }
        guard hosts.count == 1, matches(hosts[0].value[...]) else { return false }
        guard let authority = Self.absoluteFormAuthority(of: target) else { return true }
        return matches(authority)
    }

    /// Whether `authority` (`host[:port]`) is a loopback name with this server's port.
    func matches(_ authority: Substring) -> Bool {
        guard let parts = Self.loopbackParts(authority) else { return false }
        guard let portText = parts.port else { return port == defaultPort }
        // Exact digits only: no sign, no leading zeros, nothing a lenient parser would accept.
        return portText == String(port)
    }

    /// Whether `authority` (`host[:port]`, as in a URL or an `Origin`) is `127.0.0.1`, `localhost` or `[::1]`,
    /// ASCII case-insensitively, with any port written as plain digits or none. Nothing else passes: no user
    /// info, no other name that resolves here, no other address of 127.0.0.0/8 (this server binds 127.0.0.1
    /// and ::1 only).
    package static func isLoopback(authority: Substring) -> Bool {
        guard let parts = loopbackParts(authority) else { return false }
        guard let portText = parts.port else { return true }
        return !portText.isEmpty && portText.utf8.count <= 5 && portText.utf8.allSatisfy { (0x30...0x39).contains($0) }
            && (Int(portText) ?? .max) <= 65535
    }

    /// The host and port text of a loopback `authority` (spaces and tabs around it ignored), or nil when its host
    /// is not one of ours.
    private static func loopbackParts(_ authority: Substring) -> (host: Substring, port: Substring?)? {
        let trimmed = authority.trimmingSpacesAndTabs()
        let host: Substring
        let portText: Substring?
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { return nil }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portText = rest.isEmpty ? nil : rest.dropFirst()
            guard host == "::1" else { return nil }
        } else {
            let colon = trimmed.lastIndex(of: ":")
            host = colon.map { trimmed[..<$0] } ?? trimmed
            portText = colon.map { trimmed[trimmed.index(after: $0)...] }
            guard isLoopbackName(host) else { return nil }
        }
        return (host, portText)
    }

    /// `127.0.0.1` or `localhost`, ASCII case-insensitively. `NAME.localhost` is not one of ours: no
    /// redirect URI this library hands out uses it, and accepting it would only widen what reaches the handler.
    private static func isLoopbackName(_ host: Substring) -> Bool {
        // Unicode lowercasing would turn the Kelvin sign into "k"; names on the wire are ASCII (IDNA).
        guard host.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let name = host.lowercased()
        return name == "127.0.0.1" || name == "localhost"
    }

    /// The authority of an absolute-form target (`scheme://authority/path`); nil for origin-form (`/path`),
    /// asterisk-form and anything else that names no host.
    static func absoluteFormAuthority(of target: String) -> Substring? {
        guard !target.hasPrefix("/"), let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound]
        guard let first = scheme.utf8.first, isASCIILetter(first), scheme.utf8.allSatisfy(isSchemeByte) else {
            return nil
        }
        let rest = target[separator.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return rest[..<end]
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// RFC 3986: ALPHA / DIGIT / "+" / "-" / "."
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.".utf8.contains(byte)
    }
}

extension Substring {
    /// Without the optional whitespace HTTP allows around a field value (libmicrohttpd keeps trailing OWS).
    fileprivate func trimmingSpacesAndTabs() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
