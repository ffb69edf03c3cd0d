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
        let whole = text[...]
        guard let found = whole.withUTF8Buffer(Offsets.init) else { return nil }
        let schemeText = whole.slice(utf8: 0, found.colon)
        guard Self.isValidScheme(schemeText) else { return nil }
        scheme = Self.asciiLowercased(schemeText)
        path = String(whole.slice(utf8: found.path.lowerBound, found.path.upperBound))
        query = found.query.map { String(whole.slice(utf8: $0.lowerBound, $0.upperBound)) }
        fragment = found.fragment.map { String(whole.slice(utf8: $0.lowerBound, $0.upperBound)) }
        if let authority = found.authority {
            (host, port) = Self.hostAndPort(ofAuthority: whole.slice(utf8: authority.lowerBound, authority.upperBound))
        } else {
            host = ""
            port = nil
        }
    }

    /// Where each part of a URL lies, as UTF-8 offsets. Every delimiter is ASCII, so byte offsets fall on
    /// character boundaries. The one scan behind both ``init(_:)`` and ``host(of:)``.
    private struct Offsets {
        var colon: Int
        var authority: Range<Int>?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?

        init?(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let colon = buffer.firstOffset(of: UInt8(ascii: ":")) else { return nil }
            self.colon = colon
            var end = buffer.count
            if let hash = buffer.firstOffset(of: UInt8(ascii: "#"), from: colon + 1) {
                fragment = (hash + 1)..<end
                end = hash
            }
            if let question = buffer.firstOffset(of: UInt8(ascii: "?"), from: colon + 1, to: end) {
                query = (question + 1)..<end
                end = question
            }
            var pathStart = colon + 1
            if colon + 2 < end, buffer[colon + 1] == UInt8(ascii: "/"), buffer[colon + 2] == UInt8(ascii: "/") {
                let authorityEnd = buffer.firstOffset(of: UInt8(ascii: "/"), from: colon + 3, to: end) ?? end
                authority = (colon + 3)..<authorityEnd
                pathStart = authorityEnd
            }
            path = pathStart..<end
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
        let offsets = url.withUTF8Buffer { buffer -> (Int, Int)? in
            guard let question = buffer.firstOffset(of: UInt8(ascii: "?")) else { return nil }
            return (question + 1, buffer.firstOffset(of: UInt8(ascii: "#"), from: question + 1) ?? buffer.count)
        }
        guard let (start, end) = offsets else { return nil }
        return url.slice(utf8: start, end)
    }

    /// The host of `url`, lowercased, without building a whole ``URLParts`` (nil without `scheme://`).
    package static func host(of url: String) -> String? {
        let text = url[...]
        guard let authority = text.withUTF8Buffer({ Offsets($0)?.authority }) else { return nil }
        return hostAndPort(ofAuthority: text.slice(utf8: authority.lowerBound, authority.upperBound)).0
    }

    /// Whether `text` starts with a valid `scheme:`, without splitting the rest.
    public static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return isValidScheme(text[..<colon])
    }

    /// RFC 3986 `scheme`: an ASCII letter, then letters, digits, `+`, `-` and `.`.
    public static func isValidScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// Host (lowercased, unbracketed) and port of an authority, ignoring any `userinfo@`.
    private static func hostAndPort(ofAuthority authority: Substring) -> (String, Int?) {
        var authority = authority
        if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
            authority = authority[authority.utf8.index(after: at)...]
        }
        let utf8 = authority.utf8
        if utf8.first == UInt8(ascii: "["), let close = utf8.firstIndex(of: UInt8(ascii: "]")) {
            let host = asciiLowercased(authority[utf8.index(after: utf8.startIndex)..<close])
            let after = authority[utf8.index(after: close)...]
            return (host, after.utf8.first == UInt8(ascii: ":") ? Int(after.dropFirst()) : nil)
        }
        if let colon = utf8.lastIndex(of: UInt8(ascii: ":")) {
            let portText = authority[utf8.index(after: colon)...]
            if portText.isEmpty { return (asciiLowercased(authority[..<colon]), nil) }
            if let port = Int(portText), (0...65535).contains(port) {
                return (asciiLowercased(authority[..<colon]), port)
            }
        }
        return (asciiLowercased(authority), nil)
    }

    /// Lowercases ASCII letters only: hosts and schemes are ASCII, and Unicode case mapping is slow.
    package static func asciiLowercased(_ text: Substring) -> String {
        if !text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) { return String(text) }
        return String(
            decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 },
            as: UTF8.self)
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
