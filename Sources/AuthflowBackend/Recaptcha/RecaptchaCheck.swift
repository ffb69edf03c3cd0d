/// The reCAPTCHA Enterprise check of a protected call, as production makes it once a project turns
/// protection on: under `ENFORCE` a missing or invalid token, client type or version is refused with
/// production's error strings; under `AUDIT` a missing token passes but one that is sent must be valid. Every
/// call's fields are recorded first, whatever the state (``BackendRecaptchaRequest``).
///
/// A token is valid when it has the stand-in script's form, `authflow-stand-in:<action>:<random>`, for the
/// action the call expects (``RecaptchaStandInScript``): a token for another action is
/// `INVALID_RECAPTCHA_ACTION`, anything else `INVALID_RECAPTCHA_TOKEN`. For phone under `AUDIT`,
/// `NO_RECAPTCHA` (the web SDK's v2 fallback) passes too, and an invalid token is `INVALID_APP_CREDENTIAL`,
/// the refusal on which the web SDK falls back to v2.
struct RecaptchaCheck {
    /// The prefix of every token the stand-in script issues.
    static let tokenPrefix = "authflow-stand-in:"

    let operation: String
    let provider: EmbeddedBackend.RecaptchaProvider
    let action: String
    /// `captchaResponse`, or `captchaResp` for `sendOobCode`.
    let tokenField: String

    /// Checks `body`; does nothing while the backend plays the emulator (no state was ever set).
    func run(_ body: RequestFields, _ state: inout BackendState) throws(APIError) {
        record(body, &state)
        guard let states = state.recaptchaEnforcement else { return }
        let enforcement = states[provider] ?? .off
        guard enforcement != .off else { return }
        let token = try body.nonEmptyString(tokenField)
        guard let token else {
            if enforcement == .enforce { throw .badRequest("MISSING_RECAPTCHA_TOKEN") }
            return
        }
        // The web SDK's phone fallback under AUDIT: a v2 token, with the literal for "no Enterprise token".
        if provider == .phone, enforcement == .audit, token == "NO_RECAPTCHA" { return }
        guard try body.nonEmptyString("clientType") != nil else { throw .badRequest("MISSING_CLIENT_TYPE") }
        guard let version = try body.nonEmptyString("recaptchaVersion") else {
            throw .badRequest("MISSING_RECAPTCHA_VERSION")
        }
        try ensure(version == "RECAPTCHA_ENTERPRISE", "INVALID_RECAPTCHA_VERSION")
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        let wellFormed = token.hasPrefix(Self.tokenPrefix) && parts.count == 3 && !parts[2].isEmpty
        let valid = wellFormed && parts[1] == action
        state.recaptchaAssessments.append(
            BackendRecaptchaAssessment(operation: operation, expectedAction: action, token: token, valid: valid))
        // Phone under AUDIT refuses as the web SDK expects before it falls back to the v2 checkbox.
        if provider == .phone, enforcement == .audit { try ensure(valid, "INVALID_APP_CREDENTIAL") }
        try ensure(wellFormed, "INVALID_RECAPTCHA_TOKEN")
        try ensure(valid, "INVALID_RECAPTCHA_ACTION")
    }

    /// Records the reCAPTCHA fields `body` carried (``BackendRecaptchaRequest``), without checking them.
    func record(_ body: RequestFields, _ state: inout BackendState) {
        state.recaptchaRequests.append(
            BackendRecaptchaRequest(
                operation: operation, token: Self.field(tokenField, of: body),
                clientType: Self.field("clientType", of: body),
                recaptchaVersion: Self.field("recaptchaVersion", of: body),
                v2Token: Self.field("recaptchaToken", of: body)
            ))
    }

    /// `name`'s string value for the record, nil when absent, empty or not a string.
    private static func field(_ name: String, of body: RequestFields) -> String? {
        (try? body.nonEmptyString(name)) ?? nil
    }

    static let sendOobCode = RecaptchaCheck(
        operation: "accounts:sendOobCode", provider: .emailPassword, action: "getOobCode", tokenField: "captchaResp")
    static let signInWithPassword = RecaptchaCheck(
        operation: "accounts:signInWithPassword", provider: .emailPassword, action: "signInWithPassword",
        tokenField: "captchaResponse")
    static let signUp = RecaptchaCheck(
        operation: "accounts:signUp", provider: .emailPassword, action: "signUpPassword", tokenField: "captchaResponse")
    /// Only recorded (``record(_:_:)``, from `phoneSignInInfo`): the SMS second factor is not checked.
    static let mfaSmsSignIn = RecaptchaCheck(
        operation: "accounts/mfaSignIn:start", provider: .phone, action: "mfaSmsSignIn", tokenField: "captchaResponse")
    static let sendVerificationCode = RecaptchaCheck(
        operation: "accounts:sendVerificationCode", provider: .phone, action: "sendVerificationCode",
        tokenField: "captchaResponse")
}
