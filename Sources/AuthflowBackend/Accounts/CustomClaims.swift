import AuthflowPrimitives

/// Developer claims an admin sets on an account (`customAttributes`, a serialized JSON object) or a custom
/// token carries (`claims`): checked as the emulator checks them, and merged into the account's ID tokens.
enum CustomClaims {
    /// The longest serialized `customAttributes` the emulator accepts, in UTF-16 code units.
    static let maximumSerializedLength = 1000

    /// Claim names the ID token reserves; none may be set by a developer.
    static let reserved: [String] = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time", "firebase",
        "at_hash", "c_hash",
    ]

    /// Checks serialized `customAttributes`: `CLAIMS_TOO_LARGE`, `INVALID_CLAIMS` (not JSON, or not an object),
    /// `FORBIDDEN_CLAIM : <name>`.
    static func validateSerialized(_ text: String) throws(APIError) {
        try ensure(text.utf16.count <= maximumSerializedLength, "CLAIMS_TOO_LARGE")
        guard let value = try? JSONParser.parse(text) else { throw .badRequest("INVALID_CLAIMS") }
        try validate(value)
    }

    /// Checks parsed claims: a JSON object without reserved names.
    static func validate(_ value: JSONValue) throws(APIError) {
        guard case .object(let object) = value else { throw .badRequest("INVALID_CLAIMS") }
        for name in reserved where object[name] != nil {
            throw .badRequest("FORBIDDEN_CLAIM : \(name)")
        }
    }

    /// The claims stored on an account, for its ID tokens; empty when none or unreadable.
    static func parsed(_ text: String?) -> JSONObject {
        guard let text, let object = try? JSONParser.parse(text).objectValue else { return JSONObject() }
        return object
    }
}
