import Foundation

/// Splits a JWT for assertions without using the backend's own decoder.
struct JWTParts {
    let header: [String: Any]
    let claims: [String: Any]
    let signature: String

    init(_ token: String) throws {
        let parts = token.components(separatedBy: ".")
        guard parts.count == 3 else { throw TestFailure("not three parts: \(token)") }
        header = try Self.object(parts[0])
        claims = try Self.object(parts[1])
        signature = parts[2]
    }

    var firebase: [String: Any] { claims["firebase"] as? [String: Any] ?? [:] }

    private static func object(_ segment: String) throws -> [String: Any] {
        guard !segment.contains("="), !segment.contains("+"), !segment.contains("/") else {
            throw TestFailure("segment is not unpadded base64url: \(segment)")
        }
        var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw TestFailure("segment is not base64 JSON: \(segment)") }
        return object
    }
}

/// Percent-decodes once, as a URL parser decodes one nesting level.
func decodeOnce(_ text: String) -> String {
    text.removingPercentEncoding ?? text
}

/// The query of `url` as name → value (first wins), values decoded once.
func queryItems(_ url: String) -> [String: String] {
    guard let components = URLComponents(string: url) else { return [:] }
    var items: [String: String] = [:]
    for item in components.percentEncodedQueryItems ?? [] where items[item.name] == nil {
        items[item.name] = item.value.map(decodeOnce) ?? ""
    }
    return items
}
