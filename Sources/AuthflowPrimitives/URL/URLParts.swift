#if canImport(Glibc)
import Glibc
#endif

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
        guard let found = text.withUTF8Buffer(Offsets.init) else { return nil }
        self.init(text, offsets: found)
    }

    /// Splits `text` at `found`, its ``Offsets`` (a caller that needs them too scans the URL once), or returns
    /// `nil` when it has no valid scheme.
    package init?(_ text: String, offsets found: Offsets) {
        let whole = text[...]
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
    /// character boundaries. The one scan behind ``init(_:)``, ``host(of:)`` and the byte-level link unwrapper.
    package struct Offsets {
        package var colon: Int
        package var authority: Range<Int>?
        package var path: Range<Int>
        package var query: Range<Int>?
        package var fragment: Range<Int>?

        package init?(_ buffer: UnsafeBufferPointer<UInt8>) {
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
        guard let query = url.withUTF8Buffer(queryOffsets(in:)) else { return nil }
        return url.slice(utf8: query.lowerBound, query.upperBound)
    }

    /// Where ``query(of:)`` lies in the UTF-8 bytes of a URL.
    package static func queryOffsets(in url: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let question = url.firstOffset(of: UInt8(ascii: "?")) else { return nil }
        return (question + 1)..<(url.firstOffset(of: UInt8(ascii: "#"), from: question + 1) ?? url.count)
    }

    /// ``queryOffsets(in:)`` from the URL's ``Offsets``, found already: the one scan per URL serves both readings
    /// of its query. Bytes are looked at again only where the offsets cannot tell (a `?` among the scheme's bytes
    /// or after the `#`).
    package static func queryOffsets(in url: UnsafeBufferPointer<UInt8>, offsets: Offsets?) -> Range<Int>? {
        guard let offsets else { return queryOffsets(in: url) }
        // The first `?` is after the colon (the scheme's bytes are few: looked at one by one).
        for index in 0..<offsets.colon where url[index] == UInt8(ascii: "?") { return queryOffsets(in: url) }
        // Then it is the query's `?` when there is one (the first `#` after the colon comes after it) …
        if let query = offsets.query { return query }
        // … and otherwise none lies between the colon and the `#` (or the end).
        guard let fragment = offsets.fragment,
            let question = url.firstOffset(of: UInt8(ascii: "?"), from: fragment.lowerBound)
        else { return nil }
        return (question + 1)..<(url.firstOffset(of: UInt8(ascii: "#"), from: question + 1) ?? url.count)
    }

    /// The host of `url`, lowercased, without building a whole ``URLParts`` (nil without `scheme://`).
    package static func host(of url: String) -> String? {
        let text = url[...]
        guard let authority = text.withUTF8Buffer({ Offsets($0)?.authority }) else { return nil }
        return hostAndPort(ofAuthority: text.slice(utf8: authority.lowerBound, authority.upperBound)).0
    }

    /// Whether `text` starts with a valid `scheme:`, without splitting the rest.
    public static func hasScheme(_ text: String) -> Bool {
        text.withUTF8Buffer(hasScheme(bytes:))
    }

    /// ``hasScheme(_:)`` over UTF-8 bytes.
    package static func hasScheme(bytes text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = text.firstOffset(of: UInt8(ascii: ":")) else { return false }
        return isValidScheme(bytes: UnsafeBufferPointer(rebasing: text[..<colon]))
    }

    /// RFC 3986 `scheme`: an ASCII letter, then letters, digits, `+`, `-` and `.`.
    public static func isValidScheme(_ text: Substring) -> Bool {
        text.withUTF8Buffer(isValidScheme(bytes:))
    }

    /// ``isValidScheme(_:)`` over UTF-8 bytes.
    package static func isValidScheme(bytes text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, isLetter(first) else { return false }
        return text.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// Host (lowercased, unbracketed) and port of an authority, ignoring any `userinfo@`.
    private static func hostAndPort(ofAuthority authority: Substring) -> (String, Int?) {
        let (host, port) = authority.withUTF8Buffer(hostAndPort(ofAuthority:))
        return (asciiLowercased(authority.slice(utf8: host.lowerBound, host.upperBound)), port)
    }

    /// Where the host (unbracketed, not yet lowercased) lies in the UTF-8 bytes of an authority, and the port:
    /// the one reading of an authority, for ``init(_:)`` and the byte-level link unwrapper.
    package static func hostAndPort(ofAuthority authority: UnsafeBufferPointer<UInt8>) -> (Range<Int>, Int?) {
        // One pass from the end finds the last `@` (userinfo ends there) and the last `:` after it.
        var start = 0
        var lastColon: Int?
        var index = authority.count
        while index > 0 {
            index -= 1
            let byte = authority[index]
            if byte == UInt8(ascii: "@") {
                start = index + 1
                break
            }
            if byte == UInt8(ascii: ":"), lastColon == nil { lastColon = index }
        }
        let end = authority.count
        if start < end, authority[start] == UInt8(ascii: "["),
            let close = authority.firstOffset(of: UInt8(ascii: "]"), from: start + 1)
        {
            let hasPort = close + 1 < end && authority[close + 1] == UInt8(ascii: ":")
            let port = hasPort ? integer(UnsafeBufferPointer(rebasing: authority[(close + 2)...])) : nil
            return ((start + 1)..<close, port)
        }
        if let colon = lastColon {
            if colon + 1 == end { return (start..<colon, nil) }
            let portText = UnsafeBufferPointer(rebasing: authority[(colon + 1)...])
            if let port = integer(portText), (0...65535).contains(port) {
                return (start..<colon, port)
            }
        }
        return (start..<end, nil)
    }

    /// The integer `Int(_:)` reads from the ASCII digits in `text` (an optional sign, then decimal digits), or nil.
    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if let first = text.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        guard index < text.count else { return nil }
        var value = 0
        while index < text.count {
            guard isDigit(text[index]) else { return nil }
            let digit = Int(text[index] - UInt8(ascii: "0"))
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !overflow, !sumOverflow else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// Lowercases ASCII letters only: hosts and schemes are ASCII, and Unicode case mapping is slow.
    package static func asciiLowercased(_ text: Substring) -> String {
        text.withUTF8Buffer(asciiLowercased(bytes:))
    }

    /// ``asciiLowercased(_:)`` of UTF-8 bytes.
    package static func asciiLowercased(bytes text: UnsafeBufferPointer<UInt8>) -> String {
        if !text.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
            return String(decoding: text, as: UTF8.self)
        }
        return String(
            decoding: text.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 },
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
        host.withUTF8Buffer { Self.host(bytes: $0, isWithin: domain) }
    }

    /// ``host(_:isWithin:)`` over the UTF-8 bytes of `host`.
    package static func host(bytes host: UnsafeBufferPointer<UInt8>, isWithin domain: String) -> Bool {
        domain.withUTF8Buffer { Self.host(bytes: host, isWithinUTF8: $0) }
    }

    /// The same for a domain known in advance (a mail gateway's), without a `String`.
    package static func host(bytes host: UnsafeBufferPointer<UInt8>, isWithinStatic domain: StaticString) -> Bool {
        Self.host(
            bytes: host, isWithinUTF8: UnsafeBufferPointer(start: domain.utf8Start, count: domain.utf8CodeUnitCount))
    }

    private static func host(
        bytes host: UnsafeBufferPointer<UInt8>, isWithinUTF8 domain: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard host.count >= domain.count else { return false }
        let tail = host.count - domain.count
        guard bytes(UnsafeBufferPointer(rebasing: host[tail...]), equal: domain) else { return false }
        return tail == 0 || host[tail - 1] == UInt8(ascii: ".")
    }

    /// Whether two byte strings are the same (hosts and names compared without making `String`s).
    package static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == other.count else { return false }
        guard let left = bytes.baseAddress, let right = other.baseAddress else { return true }
        return memcmp(left, right, bytes.count) == 0
    }

    /// The same against a literal.
    package static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal literal: StaticString) -> Bool {
        Self.bytes(bytes, equal: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Whether `bytes` are `literal` (lowercase ASCII) in any ASCII case: schemes and hosts compared as
    /// ``init(_:)`` would after lowercasing them, without lowercasing.
    package static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equalIgnoringCase literal: StaticString) -> Bool {
        Self.bytes(
            bytes, equalIgnoringCase: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The same against lowercase bytes (a domain from a list).
    package static func bytes(
        _ bytes: UnsafeBufferPointer<UInt8>, equalIgnoringCase wanted: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard bytes.count == wanted.count else { return false }
        for (byte, letter) in zip(bytes, wanted) where byte != letter {
            // `byte | 0x20` equals a lowercase letter only for that letter in either case.
            guard isLetter(letter), byte | 0x20 == letter else { return false }
        }
        return true
    }
}
