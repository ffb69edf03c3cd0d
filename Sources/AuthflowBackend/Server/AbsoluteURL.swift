import AuthflowPrimitives
import Foundation

/// An absolute URL split into parts, close enough to WHATWG `new URL(…)` for what the emulator does with
/// one: reject relative references (`INVALID_CONTINUE_URI`, `INVALID_REQUEST_URI`), read and replace
/// query parameters, and print it again.
///
/// Special schemes (`http`, `https`, `ws`, `wss`, `ftp`) need a host, get their scheme and host
/// lower-cased, and an empty path becomes `/`, as in browsers. Other schemes (`myapp:…`) are kept opaque.
struct AbsoluteURL: Sendable {
    var scheme: String
    /// `host[:port]` with any user info, when the URL has `//`.
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    private static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    init?(_ text: String) {
        // Like WHATWG URL: surrounding spaces and controls are trimmed, tabs and line breaks removed anywhere.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
            .filter { $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let scheme = trimmed[..<colon]
        guard let first = scheme.unicodeScalars.first, Self.isLetter(first),
            scheme.unicodeScalars.allSatisfy({
                Self.isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        self.scheme = scheme.lowercased()
        var rest = trimmed[trimmed.index(after: colon)...]
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let isSpecial = Self.specialSchemes.contains(self.scheme)
        if isSpecial {
            // Browsers accept `http:\\host` and `http:host` too; the emulator's callers never send those.
            guard rest.hasPrefix("//") else { return nil }
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            var authority = String(afterSlashes[..<end])
            if isSpecial {
                guard Self.isValidAuthority(authority) else { return nil }
                authority = authority.lowercased()
            }
            self.authority = authority
            path = String(afterSlashes[end...])
        } else {
            authority = nil
            path = String(rest)
        }
        if isSpecial, path.isEmpty { path = "/" }
    }

    /// Host (without port) must be non-empty and free of spaces and the characters WHATWG forbids.
    private static func isValidAuthority(_ authority: String) -> Bool {
        let hostPart = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        var host = hostPart
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard port.isEmpty || (port.utf8.allSatisfy { (0x30...0x39).contains($0) } && (Int(port) ?? .max) <= 65535)
            else {
                return false
            }
            host = host[..<colon]
        }
        guard !host.isEmpty else { return false }
        let forbidden: Set<Character> = [
            " ", "\t", "\n", "\r", "#", "%", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|",
        ]
        return host.hasPrefix("[")
            || !host.contains(where: { forbidden.contains($0) || $0.asciiValue.map { $0 < 0x20 } == true })
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The query parsed as `URLSearchParams` would.
    var queryParameters: QueryParameters {
        QueryParameters(form: query ?? "")
    }

    /// Replaces the query with `parameters` serialised as `URLSearchParams` does (an empty list drops `?`).
    mutating func setQuery(_ parameters: QueryParameters) {
        let encoded = parameters.formEncoded
        query = encoded.isEmpty ? nil : encoded
    }

    var string: String {
        var text = scheme + ":"
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }
}
