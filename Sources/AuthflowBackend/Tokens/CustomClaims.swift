import AuthflowPrimitives

/// Developer claims in ID tokens: an account's custom attributes (a serialized JSON object, as the emulator
/// stores `customAttributes`) and a sign-in's session claims. The one place both are checked and merged, for
/// blocking-function replies and for anything else that sets custom attributes.
enum CustomClaims {
    /// The emulator's limit on serialized custom attributes.
    static let maxLength = 1000
    /// Claims a developer may not set: the JWT's registered ones and Firebase's own.
    static let forbidden = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time",
        "firebase", "at_hash", "c_hash",
    ]

    /// `value` serialized, after the emulator's checks (``validate(_:)``) and at most ``maxLength`` characters
    /// (`CLAIMS_TOO_LARGE`).
    static func serialized(_ value: JSONValue) throws(APIError) -> String {
        let text = JSONWriter.string(value)
        try ensure(text.utf16.count <= maxLength, "CLAIMS_TOO_LARGE")
        try validate(value)
        return text
    }

    /// Checks serialized `customAttributes` as an admin sends them: at most ``maxLength`` characters
    /// (`CLAIMS_TOO_LARGE`), JSON (`INVALID_CLAIMS`), then ``validate(_:)``.
    static func validateSerialized(_ text: String) throws(APIError) {
        try ensure(text.utf16.count <= maxLength, "CLAIMS_TOO_LARGE")
        guard let value = try? JSONParser.parse(text) else { throw .badRequest("INVALID_CLAIMS") }
        try validate(value)
    }

    /// Checks parsed claims (custom attributes, a custom token's `claims`): a JSON object (`INVALID_CLAIMS`)
    /// without any of the ``forbidden`` names (`FORBIDDEN_CLAIM : <name>`).
    static func validate(_ value: JSONValue) throws(APIError) {
        guard case .object(let object) = value else { throw .badRequest("INVALID_CLAIMS") }
        for name in forbidden where object[name] != nil { throw .badRequest("FORBIDDEN_CLAIM : \(name)") }
    }

    /// Adds the custom attributes, then the session claims over them, to `claims`, which holds the profile
    /// claims so far; the reserved claims the caller sets afterwards win over both, as in the emulator.
    static func merge(into claims: inout JSONObject, customAttributes: String?, sessionClaims: JSONObject?) {
        if let customAttributes, let object = try? JSONParser.parse(customAttributes).objectValue {
            claims.merge(object)
        }
        if let sessionClaims { claims.merge(sessionClaims) }
    }

    /// The custom attributes as an object, `{}` when there are none (the blocking-function JWT's
    /// `custom_claims`).
    static func object(_ customAttributes: String?) -> JSONObject {
        customAttributes.flatMap { try? JSONParser.parse($0).objectValue } ?? JSONObject()
    }
}
