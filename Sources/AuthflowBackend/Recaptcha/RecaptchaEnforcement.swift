extension EmbeddedBackend {
    /// How strictly a provider requires reCAPTCHA Enterprise, as `recaptchaConfig` reports it.
    public enum RecaptchaEnforcement: String, Sendable, Hashable, CaseIterable {
        /// `OFF`: no token is needed; one sent is ignored.
        case off = "OFF"
        /// `AUDIT`: a request without a token is accepted; a token sent is checked.
        case audit = "AUDIT"
        /// `ENFORCE`: every protected request needs a valid token.
        case enforce = "ENFORCE"
    }

    /// A provider with a reCAPTCHA Enterprise setting.
    public enum RecaptchaProvider: String, Sendable, Hashable, CaseIterable {
        /// `EMAIL_PASSWORD_PROVIDER`: `sendOobCode`, `signInWithPassword`, `signUp`.
        case emailPassword = "EMAIL_PASSWORD_PROVIDER"
        /// `PHONE_PROVIDER`: `sendVerificationCode`.
        case phone = "PHONE_PROVIDER"
    }

    /// The site key `recaptchaConfig` names once an enforcement state is set: obviously not a real one.
    public static let standInRecaptchaSiteKey = "authflow-stand-in-enterprise-site-key"

    /// Sets `provider`'s reCAPTCHA Enterprise state. Until the first call the backend behaves as the Auth
    /// Emulator: `recaptchaConfig` answers 501 and no token is checked. After it, `recaptchaConfig` answers
    /// every provider's state (`OFF` for those not set) with ``standInRecaptchaSiteKey``, and the protected
    /// calls check tokens as production does.
    public func setRecaptchaEnforcement(_ enforcement: RecaptchaEnforcement, for provider: RecaptchaProvider) {
        service.state.withLock { state in
            var states = state.recaptchaEnforcement ?? [:]
            states[provider] = enforcement
            state.recaptchaEnforcement = states
        }
    }

    /// What each protected call carried in its reCAPTCHA fields, oldest first, whatever the enforcement state
    /// (also while the backend plays the emulator).
    public var recaptchaRequests: [BackendRecaptchaRequest] {
        service.state.withLock { $0.recaptchaRequests }
    }

    /// The reCAPTCHA Enterprise tokens protected calls presented, oldest first.
    public var recaptchaAssessments: [BackendRecaptchaAssessment] {
        service.state.withLock { $0.recaptchaAssessments }
    }
}

/// One reCAPTCHA Enterprise token a protected call presented, and what the backend made of it.
public struct BackendRecaptchaAssessment: Sendable, Hashable {
    /// The REST operation, e.g. `accounts:sendOobCode`.
    public var operation: String
    /// The action the operation expects, e.g. `getOobCode`.
    public var expectedAction: String
    /// The token as sent.
    public var token: String
    /// Whether it is a token of the stand-in script (or of the same form) for the expected action.
    public var valid: Bool
}

/// The reCAPTCHA fields one protected call carried, as sent (nil: the field was absent or empty).
public struct BackendRecaptchaRequest: Sendable, Hashable {
    /// The REST operation, e.g. `accounts:signInWithPassword`.
    public var operation: String
    /// The Enterprise token (`captchaResponse`, or `captchaResp` for `sendOobCode`), e.g. `NO_RECAPTCHA`.
    public var token: String?
    /// `clientType`, e.g. `CLIENT_TYPE_WEB`.
    public var clientType: String?
    /// `recaptchaVersion`, e.g. `RECAPTCHA_ENTERPRISE`.
    public var recaptchaVersion: String?
    /// The reCAPTCHA v2 token (`recaptchaToken`), on phone calls.
    public var v2Token: String?
}
