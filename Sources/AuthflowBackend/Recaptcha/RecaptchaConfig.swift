import AuthflowPrimitives

/// `GET v2/recaptchaConfig`: 501 as in the emulator until a test sets an enforcement state
/// (``EmbeddedBackend/setRecaptchaEnforcement(_:for:)``); then production's shape, every provider listed.
enum RecaptchaConfig {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        guard let states = state.recaptchaEnforcement else {
            throw .notImplemented("identitytoolkit.getRecaptchaConfig is not implemented in the Auth Emulator.")
        }
        let entries: [JSONValue] = EmbeddedBackend.RecaptchaProvider.allCases.map { provider in
            .object(
                JSONObject([
                    ("provider", .string(provider.rawValue)),
                    ("enforcementState", .string((states[provider] ?? .off).rawValue)),
                ]))
        }
        return JSONObject([
            ("recaptchaKey", .string("projects/\(state.projectID)/keys/\(EmbeddedBackend.standInRecaptchaSiteKey)")),
            ("recaptchaEnforcementState", .array(entries)),
        ])
    }
}
