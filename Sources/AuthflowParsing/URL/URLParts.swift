/// A fast, lenient split of a URL into its RFC 3986 parts.
///
/// Foundation's `URL` rejects many links people paste (unescaped spaces, `|`, raw JSON in a query) and is slow
/// in batch, so the parsing layer splits URLs itself and validates only what each caller needs.
public struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased (`https`, `com.googleusercontent.apps.123`).
    public let scheme: String
    /// The host, lowercased, without brackets for IPv6; empty when the URL has no authority.
    public let host: String
    /// The explicit port, if any.
    public let port: Int?
    /// The path as written (not decoded); may be empty.
    public let path: String
    /// The raw query after `?` (not decoded), if any.
    public let query: String?
    /// The raw fragment after `#`, if any.
    public let fragment: String?

    /// Splits `text`, or returns `nil` when it has no valid scheme.
    public init?(_ text: String) {
        let text = text[...]
        guard let colon = text.firstIndex(of: ":"), Self.isValidScheme(text[..<colon]) else { return nil }
        scheme = text[..<colon].lowercased()
        var rest = text[text.index(after: colon)...]

        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        } else {
            query = nil
        }

        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            path = String(rest[authorityEnd...])
            if let at = authority.lastIndex(of: "@") {
                authority = authority[authority.index(after: at)...]
            }
            let (host, port) = Self.splitHostPort(authority)
            self.host = host
            self.port = port
        } else {
            host = ""
            port = nil
            path = String(rest)
        }
    }

    /// `scheme://host[:port]`, for messages and allow-lists.
    public var origin: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(scheme)://\(shownHost):\($0)" } ?? "\(scheme)://\(shownHost)"
    }

    /// The host with the port when one is given (`127.0.0.1:9099`), the form users type in allow-lists.
    public var hostAndPort: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(shownHost):\($0)" } ?? shownHost
    }

    /// The raw query of `url` (after the first `?`, before the next `#`), without building a whole ``URLParts``.
    public static func query(of url: Substring) -> Substring? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        let start = url.index(after: question)
        let end = url[start...].firstIndex(of: "#") ?? url.endIndex
        return url[start..<end]
    }

    static func isValidScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+")
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func splitHostPort(_ authority: Substring) -> (String, Int?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = authority[authority.index(after: authority.startIndex)..<close].lowercased()
            let after = authority[authority.index(after: close)...]
            return (host, after.hasPrefix(":") ? Int(after.dropFirst()) : nil)
        }
        if let colon = authority.lastIndex(of: ":") {
            let portText = authority[authority.index(after: colon)...]
            if portText.isEmpty { return (authority[..<colon].lowercased(), nil) }
            if let port = Int(portText), (0...65535).contains(port) {
                return (authority[..<colon].lowercased(), port)
            }
        }
        return (authority.lowercased(), nil)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension URLParts {
    /// Whether `host` is `domain` itself or one of its subdomains (a dot boundary, unlike the iOS SDK's suffix test).
    public static func host(_ host: String, isWithin domain: String) -> Bool {
        host == domain || host.hasSuffix("." + domain)
    }
}
