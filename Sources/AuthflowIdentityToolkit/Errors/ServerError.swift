import AuthflowPrimitives
import Foundation

/// A refusal from the backend: an `{"error":{…}}` envelope, or a 2xx reply carrying `errorMessage`.
///
/// ``message`` is written for the person at the terminal; ``rawMessage``, ``rawCode`` and ``reasons`` keep what
/// the server said for `--json` and `--verbose` output. Values the request sent as credentials are replaced by
/// `<redacted>` in every text field, because servers echo some of them (the emulator quotes an unparsable
/// `id_token`).
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status; 200 for an `errorMessage` reply.
    public let httpStatus: Int
    /// The server's whole `error.message` (or `errorMessage`), credentials redacted.
    public private(set) var rawMessage: String
    /// The code before the first `:` (e.g. `INVALID_CODE`), or `nil` when the message is prose with no code.
    public let rawCode: String?
    /// The recognised code; `nil` when the server named a code this client does not know.
    public let code: ServerErrorCode?
    /// The text after the code, trimmed; for a message without a code, the whole message. `nil` when empty.
    public private(set) var detail: String?
    /// `error.errors[].reason` values, then `error.details[].reason` values.
    public private(set) var reasons: [String]
    /// The Google RPC status name, e.g. `INVALID_ARGUMENT` or `NOT_IMPLEMENTED`, when given.
    public let status: String?
    /// For a `signInWithIdp` reply with `errorMessage` (HTTP 200), the rest of that reply. For
    /// ``ServerErrorCode/federatedUserIDAlreadyLinked`` it holds the provider credential (`oauthIdToken`,
    /// `oauthAccessToken`, `pendingToken`, `email`) a caller needs to sign in to the other account instead.
    public internal(set) var idpResponse: SignInWithIdpResponse?

    /// Parses `message` the way the server composes it: `CODE`, `CODE : detail` or `CODE: detail`, or plain
    /// prose. `reasons` and `status` come from the envelope and decide codes the message does not name.
    public init(httpStatus: Int, message: String, reasons: [String] = [], status: String? = nil) {
        self.httpStatus = httpStatus
        self.rawMessage = message
        self.reasons = reasons
        self.status = status
        (rawCode, detail) = Self.split(message)
        code = Self.classify(
            rawCode: rawCode, message: message, httpStatus: httpStatus, reasons: reasons, status: status)
    }

    /// A sentence a person can act on: the code's guidance plus the server's detail when it adds something.
    /// For a blocking function, the function's own message.
    public var message: String {
        guard let code else {
            let said = detail ?? rawCode ?? "no message"
            if httpStatus >= 500 {
                return "The Firebase Auth backend failed (HTTP \(httpStatus): \(said)). Try again in a few minutes."
            }
            return
                "The Firebase Auth backend refused the request (HTTP \(httpStatus)): \(Self.sentence(rawMessage.isEmpty ? said : rawMessage))"
        }
        if code == .blockingFunctionErrorResponse, let custom = blockingFunctionMessage ?? detail {
            return custom
        }
        if code == .appNotAuthorized, let keyRestriction {
            return keyRestriction.userMessage
        }
        guard let detail, detail != code.rawValue else { return code.userMessage }
        return "\(code.userMessage) The server said: \(Self.sentence(detail))"
    }

    /// The coarse group, from ``code``; for unknown codes, from the HTTP status.
    public var category: ServerErrorCategory {
        if let code { return code.category }
        switch httpStatus {
        case 429: return .rateLimited
        case 500...: return .serverUnavailable
        default: return .unknown
        }
    }

    /// For ``ServerErrorCode/blockingFunctionErrorResponse``: the `error.message` of the first JSON object in
    /// the detail, which is what the function returned.
    public var blockingFunctionMessage: String? {
        guard code == .blockingFunctionErrorResponse, let detail,
            let open = detail.firstIndex(of: "{"), let close = detail.lastIndex(of: "}"), open < close,
            let json = try? JSONParser.parse(Array(detail[open...close].utf8)),
            let text = json["error"]?["message"]?.stringValue, !text.isEmpty
        else { return nil }
        return text
    }

    /// For a refusal by one of the API key's restrictions, which one (from the `ErrorInfo` reason, or the
    /// message when the reply has no reason).
    public var keyRestriction: APIKeyRestriction? {
        guard code == .appNotAuthorized else { return nil }
        return APIKeyRestriction(reasons: reasons, message: rawMessage)
    }

    /// A description for people and logs, without credentials.
    public var description: String {
        let label = rawCode ?? code?.rawValue ?? "HTTP \(httpStatus)"
        return "\(message) [\(label)]"
    }

    /// The same error with every secret replaced in its text; the code was already read from the original.
    func redacting(_ secrets: [String]) -> ServerError {
        var copy = self
        copy.rawMessage = Redaction.scrub(rawMessage, secrets: secrets)
        copy.detail = detail.map { Redaction.scrub($0, secrets: secrets) }
        copy.reasons = reasons.map { Redaction.scrub($0, secrets: secrets) }
        return copy
    }

    /// Splits at the first colon when what precedes it looks like a code (iOS splits at the first `:`, the web
    /// SDK at `" : "`; the first-colon rule covers both `X : y` and `X: y`).
    private static func split(_ message: String) -> (code: String?, detail: String?) {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        let head: Substring
        let tail: Substring
        if let colon = trimmed.firstIndex(of: ":") {
            head = trimmed[..<colon]
            tail = trimmed[trimmed.index(after: colon)...]
        } else {
            head = trimmed[...]
            tail = ""
        }
        let candidate = head.trimmingCharacters(in: .whitespaces)
        guard isCode(candidate) else { return (nil, trimmed.isEmpty ? nil : trimmed) }
        let detail = tail.trimmingCharacters(in: .whitespacesAndNewlines)
        return (candidate, detail.isEmpty ? nil : detail)
    }

    /// `UPPER_CASE_WITH_DIGITS`, the shape of every code the backend sends.
    private static func isCode(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    private static func classify(
        rawCode: String?, message: String, httpStatus: Int, reasons: [String], status: String?
    ) -> ServerErrorCode? {
        if let rawCode, let code = ServerErrorCode(rawValue: rawCode) { return code }
        // Google API keys: iOS looks for these reasons when the code is unknown. The newer ErrorInfo reasons
        // (`API_KEY_INVALID`, `API_KEY_…_BLOCKED`) are what production sends today.
        for reason in reasons {
            if reason.hasPrefix("keyInvalid") || reason == "API_KEY_INVALID" { return .invalidAPIKey }
            if reason == "ipRefererBlocked" || (reason.hasPrefix("API_KEY_") && reason.hasSuffix("_BLOCKED")) {
                return .appNotAuthorized
            }
        }
        if APIKeyRestriction(reasons: [], message: message) != nil { return .appNotAuthorized }
        if status == "NOT_IMPLEMENTED" || httpStatus == 501 { return .notImplemented }
        // Production answers a missing or bad App Check token with 401 UNAUTHENTICATED and prose, no code.
        if httpStatus == 401, message.contains("App Check token is invalid") { return .appCheckTokenInvalid }
        if message.hasPrefix("API key not valid") { return .invalidAPIKey }
        if message.contains("missing a valid API key") { return .missingAPIKey }
        return nil
    }

    /// `text` ending in sentence punctuation, so it can be followed by more text.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?)".contains(last) else { return text }
        return text + "."
    }
}
