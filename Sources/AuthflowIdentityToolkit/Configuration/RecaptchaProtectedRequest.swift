/// The action a reCAPTCHA Enterprise token is issued for; the server refuses a token of another action
/// (`INVALID_RECAPTCHA_ACTION`). The names are the web SDK's.
public enum RecaptchaAction: String, Sendable, Hashable, CaseIterable {
    /// `sendOobCode` (sign-in links, password resets).
    case getOobCode
    /// `signInWithPassword`.
    case signInWithPassword
    /// `signUp` with an email and password.
    case signUpPassword
    /// `sendVerificationCode`.
    case sendVerificationCode
    /// `mfaEnrollment:start` with a phone.
    case mfaSmsEnrollment
    /// `mfaSignIn:start` with a phone.
    case mfaSmsSignIn
    /// App Check's reCAPTCHA Enterprise provider (the token is exchanged for an App Check token, not sent to
    /// a protected call).
    case fireAppCheck = "fire_app_check"
}

/// A request the email/password provider's reCAPTCHA Enterprise setting protects: `sendOobCode`,
/// `signInWithPassword` and `signUp`. A token set in ``recaptchaEnterpriseToken`` is sent with
/// `recaptchaVersion: "RECAPTCHA_ENTERPRISE"`; the server also needs ``clientType`` then.
public protocol RecaptchaProtectedRequest: TenantScopedRequest {
    /// The action the token must be issued for.
    static var recaptchaAction: RecaptchaAction { get }
    /// The reCAPTCHA Enterprise token, or `nil` to send none.
    var recaptchaEnterpriseToken: String? { get set }
    /// The client type, sent as `clientType`.
    var clientType: RecaptchaClientType? { get set }
}

extension SendOobCodeRequest: RecaptchaProtectedRequest {
    /// `getOobCode`.
    public static let recaptchaAction = RecaptchaAction.getOobCode
}

extension SignInWithPasswordRequest: RecaptchaProtectedRequest {
    /// `signInWithPassword`.
    public static let recaptchaAction = RecaptchaAction.signInWithPassword
}

extension SignUpRequest: RecaptchaProtectedRequest {
    /// `signUpPassword`.
    public static let recaptchaAction = RecaptchaAction.signUpPassword
}

/// Writes a reCAPTCHA Enterprise token as `captchaResponse` with `recaptchaVersion`, and the client type,
/// into the enclosing object: the fields `signInWithPassword` and `signUp` share.
struct RecaptchaEnterpriseFields: Encodable {
    let token: String?
    let clientType: RecaptchaClientType?

    private enum CodingKeys: String, CodingKey {
        case captchaResponse, recaptchaVersion, clientType
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let token {
            try container.encode(token, forKey: .captchaResponse)
            try container.encode(RecaptchaVersion.enterprise, forKey: .recaptchaVersion)
        }
        try container.encodeIfPresent(clientType, forKey: .clientType)
    }
}
