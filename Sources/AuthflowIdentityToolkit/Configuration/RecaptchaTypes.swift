/// The client type reCAPTCHA Enterprise fields are issued for, sent as `clientType`.
public enum RecaptchaClientType: String, Sendable, Hashable, Codable, CaseIterable {
    /// `CLIENT_TYPE_WEB`.
    case web = "CLIENT_TYPE_WEB"
    /// `CLIENT_TYPE_IOS`.
    case ios = "CLIENT_TYPE_IOS"
    /// `CLIENT_TYPE_ANDROID`.
    case android = "CLIENT_TYPE_ANDROID"
}

/// A provider with reCAPTCHA Enterprise settings.
public enum RecaptchaProvider: String, Sendable, Hashable, CaseIterable {
    /// `EMAIL_PASSWORD_PROVIDER`.
    case emailPassword = "EMAIL_PASSWORD_PROVIDER"
    /// `PHONE_PROVIDER`.
    case phone = "PHONE_PROVIDER"
}

/// How strictly a provider requires reCAPTCHA Enterprise.
public enum RecaptchaEnforcementState: String, Sendable, Hashable, CaseIterable {
    /// Only Enterprise tokens are accepted; there is no v2 fallback.
    case enforce = "ENFORCE"
    /// Enterprise tokens are assessed but the classic flow still works.
    case audit = "AUDIT"
    /// Enterprise is not used.
    case off = "OFF"
    /// A state this client does not know.
    case unspecified = "ENFORCEMENT_STATE_UNSPECIFIED"
}

/// The reCAPTCHA version named in `recaptchaVersion`; only Enterprise exists.
enum RecaptchaVersion {
    static let enterprise = "RECAPTCHA_ENTERPRISE"
}
