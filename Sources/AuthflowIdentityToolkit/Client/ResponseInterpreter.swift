import AuthflowHTTP
import AuthflowPrimitives
import Foundation

/// Turns an HTTP response into the typed result or the matching ``IdentityToolkitError``.
struct ResponseInterpreter<Response: Decodable & Sendable> {
    /// Credential values the request sent, scrubbed from anything an error repeats. Worked out only when an error
    /// needs them: walking the request's fields by reflection cost about as many instructions as the rest of a
    /// successful exchange on the client's side (callgrind, `email-link send`).
    let secrets: () -> [String]

    func interpret(_ response: HTTPResponse) throws(IdentityToolkitError) -> Response {
        let success = (200..<300).contains(response.status)
        // Some successful calls (delete, revoke) may answer with an empty body; that is an empty object.
        let body = success && response.body.allSatisfy(\.isWhitespaceByte) ? Array("{}".utf8) : response.body
        guard let json = try? JSONParser.parse(body) else {
            let excerpt = Self.excerpt(of: response.body, secrets: secrets())
            if RetryRule.isTransient(status: response.status) {
                throw .unavailable(status: response.status, excerpt: excerpt)
            }
            throw .malformedResponse(
                MalformedResponse(status: response.status, problem: .notJSON, excerpt: excerpt))
        }
        guard success else { throw failure(status: response.status, json: json) }

        // A 200 can still be a refusal: signInWithIdp with returnIdpCredential reports errors this way and keeps
        // the provider credential next to the message.
        if let errorMessage = json["errorMessage"]?.stringValue {
            var error = ServerError(httpStatus: response.status, message: errorMessage)
            error.idpResponse = (try? JSONDecoder().decode(Response.self, from: Data(body))) as? SignInWithIdpResponse
            throw .server(error.redacting(secrets()))
        }
        let decoded: Response
        do {
            decoded = try JSONDecoder().decode(Response.self, from: Data(body))
        } catch {
            throw .malformedResponse(
                MalformedResponse(
                    status: response.status, problem: Self.problem(error), excerpt: Self.fieldNames(json)
                ))
        }
        return decoded
    }

    private func failure(status: Int, json: JSONValue) -> IdentityToolkitError {
        guard let envelope = json["error"], envelope.objectValue != nil else {
            if RetryRule.isTransient(status: status) {
                return .unavailable(status: status, excerpt: Self.fieldNames(json))
            }
            return .malformedResponse(
                MalformedResponse(
                    status: status, problem: .noErrorObject, excerpt: Self.fieldNames(json)
                ))
        }
        let listed = (envelope["errors"]?.arrayValue ?? []) + (envelope["details"]?.arrayValue ?? [])
        let reasons = listed.compactMap { $0["reason"]?.stringValue }
        let error = ServerError(
            httpStatus: status,
            message: envelope["message"]?.stringValue ?? "",
            reasons: reasons,
            status: envelope["status"]?.stringValue
        )
        return .server(error.redacting(secrets()))
    }

    /// What a decoding failure means, naming the field but never its value.
    private static func problem(_ error: any Error) -> MalformedResponse.Problem {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return .missing(field: path(context.codingPath + [key]))
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            if context.codingPath.isEmpty { return .notJSONObject }
            return .unexpectedValue(field: path(context.codingPath))
        default:
            return .undecodable
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }

    /// `{a, b, c}` for an object (`{}` when empty), so a report shows the reply's shape without its token
    /// values, the same in every language.
    private static func fieldNames(_ json: JSONValue) -> String {
        guard let object = json.objectValue else { return "" }
        return "{" + object.keys.sorted().joined(separator: ", ") + "}"
    }

    /// The first 160 characters with whitespace collapsed and any long token-like run removed.
    private static func excerpt(of body: [UInt8], secrets: [String]) -> String {
        let text = Redaction.scrub(String(decoding: body.prefix(4096), as: UTF8.self), secrets: secrets)
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let redacted = withoutTokenRuns(collapsed)
        return redacted.count > 160 ? String(redacted.prefix(160)) + "…" : redacted
    }

    /// `text` with every run of 32 or more token characters (letters, digits, `-_.=`) replaced by the
    /// placeholder, wherever it stands: a bare word, or a string inside JSON that was cut short (a truncated
    /// sign-in reply starts with `{"idToken":"eyJ…`, which no whitespace separates from its quotes).
    private static func withoutTokenRuns(_ text: String) -> String {
        var output = ""
        var run = ""
        func flush() {
            output += run.count >= 32 ? Redaction.placeholder : run
            run = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || "-_.=".contains(character) {
                run.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}

extension UInt8 {
    fileprivate var isWhitespaceByte: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }
}
