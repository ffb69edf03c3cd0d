import AuthflowPrimitives
import Foundation

/// Decoding of Proofpoint URL Defense rewrites, done offline from the URL alone.
///
/// - v1: `urldefense.proofpoint.com/v1/url?u=<percent-encoded URL>&k=…`
/// - v2: `urldefense.proofpoint.com/v2/url?u=<URL with % written as - and / as _>&d=…&c=…`
/// - v3: `urldefense.com/v3/__<URL with some characters replaced by *>__;<base64url of those characters>!!…`
///   where `*` takes the next replaced character and `**X` takes a run whose length X encodes.
enum ProofpointURLDefense {
    static func isHost(_ host: String) -> Bool {
        host.withUTF8Buffer(isHost)
    }

    /// ``isHost(_:)`` over the lowercase UTF-8 bytes of a host.
    static func isHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        URLParts.bytes(host, equal: "urldefense.proofpoint.com")
            || URLParts.bytes(host, equal: "urldefense.com")
    }

    /// The protected URL, or `nil` when `url` is not a decodable URL Defense link.
    static func decode(_ url: String, parts: URLParts) -> String? {
        guard isHost(parts.host) else { return nil }
        if parts.path.hasPrefix("/v3/__") {
            return decodeVersion3(url)
        }
        guard let query = parts.query else { return nil }
        let parameters = RawQuery(query[...])
        switch parts.path {
        case "/v1/url":
            return parameters.value("u", rule: .firstWins)
        case "/v2/url":
            // The value is read raw: its own escapes use `-`, and real `%` never appears in it.
            guard let raw = rawValue("u", in: query[...]) else { return nil }
            let translated = String(
                String.UnicodeScalarView(
                    raw.unicodeScalars.map {
                        $0 == "-" ? "%" : $0 == "_" ? "/" : $0
                    }))
            return PercentDecoding.decode(translated)
        default:
            return nil
        }
    }

    private static func rawValue(_ name: String, in query: Substring) -> Substring? {
        for piece in query.split(separator: "&") where piece.hasPrefix(name + "=") {
            let value = piece.dropFirst(name.count + 1)
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static let runLengthAlphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

    private static func decodeVersion3(_ url: String) -> String? {
        guard let start = url.range(of: "/v3/__") else { return nil }
        let afterStart = url[start.upperBound...]
        guard let end = afterStart.range(of: "__;") else { return nil }
        let template = PercentDecoding.decode(afterStart[..<end.lowerBound])
        let encodedTail = afterStart[end.upperBound...]
        let encoded = encodedTail[..<(encodedTail.firstIndex(of: "!") ?? encodedTail.endIndex)]
        guard let replacements = Base64.decodeEitherAlphabet(encoded) else { return nil }
        let replacementScalars = Array(String(decoding: replacements, as: UTF8.self).unicodeScalars)

        var output = String.UnicodeScalarView()
        var next = 0
        let scalars = Array(template.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "*" else {
                output.append(scalar)
                index += 1
                continue
            }
            var take = 1
            if index + 2 < scalars.count, scalars[index + 1] == "*",
                let position = runLengthAlphabet.firstIndex(of: scalars[index + 2])
            {
                take = position + 2
                index += 3
            } else {
                index += 1
            }
            guard next + take <= replacementScalars.count else { return nil }
            output.append(contentsOf: replacementScalars[next..<next + take])
            next += take
        }
        return String(output)
    }
}
