import AuthflowPrimitives

/// An error reply in Google's REST envelope, built the way the emulator builds it:
/// `{"error":{"code":…,"message":…,"errors":[{"message":…,"reason":…[,"domain":"global"]}][,"status":…]}}`.
///
/// The emulator's plain `assert(…)` failures are 400 *without* a `status` field; parse failures are 400
/// `INVALID_ARGUMENT`; unimplemented features are 501 `NOT_IMPLEMENTED`.
struct APIError: Error, Sendable, Equatable {
    struct Item: Sendable, Equatable {
        var message: String
        var reason: String
        var domain: String?
        var location: String?
        var locationType: String?
    }

    var code: Int
    var status: String?
    var message: String
    var errors: [Item]

    /// A failed check: 400, no `status`, reason `invalid` (the emulator's `BadRequestError`).
    static func badRequest(_ message: String) -> APIError {
        APIError(
            code: 400, status: nil, message: message,
            errors: [Item(message: message, reason: "invalid", domain: "global")])
    }

    /// A body the emulator could not parse or validate: 400 `INVALID_ARGUMENT`.
    static func invalidArgument(_ message: String, reason: String = "invalid") -> APIError {
        APIError(
            code: 400, status: "INVALID_ARGUMENT", message: message,
            errors: [Item(message: message, reason: reason, domain: "global")])
    }

    /// A feature the emulator does not implement: 501 `NOT_IMPLEMENTED`.
    static func notImplemented(_ message: String) -> APIError {
        APIError(
            code: 501, status: "NOT_IMPLEMENTED", message: message,
            errors: [Item(message: message, reason: "unimplemented")])
    }

    /// The reply to a REST call without a `key`.
    static let missingAPIKey = APIError(
        code: 403, status: "PERMISSION_DENIED", message: "The request is missing a valid API key.",
        errors: [Item(message: "The request is missing a valid API key.", reason: "forbidden", domain: "global")]
    )

    /// No such route.
    static let notFound = APIError(
        code: 404, status: "NOT_FOUND", message: "Not Found", errors: [Item(message: "Not Found", reason: "notFound")])

    /// A known emulator path asked with a method it does not serve.
    static let methodNotAllowed = APIError(
        code: 405, status: "METHOD_NOT_ALLOWED", message: "Method Not Allowed",
        errors: [Item(message: "Method Not Allowed", reason: "methodNotAllowed")]
    )

    /// An `Authorization: Bearer` header that is neither `owner` nor a `ya29.` token.
    static let invalidCredentials = APIError(
        code: 401, status: "UNAUTHENTICATED",
        message:
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        errors: [
            Item(
                message: "Invalid Credentials", reason: "authError", domain: "global", location: "Authorization",
                locationType: "header")
        ]
    )

    /// What a web page not served from loopback asked for and may not have (``RequestOrigin``).
    enum ForeignPageRequest: Sendable {
        /// The emulator-only API, `/emulator/v1/…`.
        case emulatorAPI
        /// A request carrying `Authorization`: the admin credential.
        case credential
    }

    /// A request from a web page that is not on this machine's loopback, for the emulator-only API or with the
    /// admin credential: 403 `PERMISSION_DENIED`. The official emulator has no such check.
    static func foreignPage(_ request: ForeignPageRequest) -> APIError {
        let what =
            switch request {
            case .emulatorAPI: "The emulator API (/emulator/v1/...)"
            case .credential: "The admin credential (Authorization)"
            }
        let message =
            "\(what) is only for pages served from this machine's loopback (an Origin of http://localhost, "
            + "127.0.0.1 or [::1] on any port); this request came from another web page."
        return APIError(
            code: 403, status: "PERMISSION_DENIED", message: message,
            errors: [Item(message: message, reason: "forbidden", domain: "global")])
    }

    /// A server-side failure that should not happen; never a crash.
    static func internalError(_ message: String) -> APIError {
        APIError(code: 500, status: "INTERNAL", message: message, errors: [Item(message: message, reason: "internal")])
    }

    var json: JSONValue {
        var body = JSONObject()
        body["code"] = .number(Double(code))
        body["message"] = .string(message)
        body["errors"] = .array(
            errors.map { item in
                var entry = JSONObject()
                entry["message"] = .string(item.message)
                entry["reason"] = .string(item.reason)
                entry.set("domain", item.domain)
                entry.set("location", item.location)
                entry.set("locationType", item.locationType)
                return .object(entry)
            })
        body.set("status", status)
        return ["error": .object(body)]
    }
}

/// The emulator's `assert(condition, message)`: a 400 `badRequest` when the condition fails.
@inline(__always)
func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(APIError) {
    if !condition { throw .badRequest(message()) }
}
