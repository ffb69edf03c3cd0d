/// The proof that a real app, not a script, asks for an SMS: the fields of `sendVerificationCode` and of the
/// MFA `phoneSignInInfo` / `phoneEnrollmentInfo` objects. Each case is one combination the SDKs send, so an
/// inconsistent mix cannot be built.
public enum AppVerification: Sendable, Hashable {
    /// No proof: the Auth Emulator, and test mode.
    case none
    /// The classic proof alone (reCAPTCHA enforcement OFF).
    case classic(ClassicAppProof)
    /// The classic proof plus `captchaResponse: "NO_RECAPTCHA"` and the Enterprise version: what the web SDK
    /// sends with enforcement OFF, and the AUDIT fallback after `INVALID_APP_CREDENTIAL`.
    case classicWithEnterpriseFallback(ClassicAppProof)
    /// A reCAPTCHA Enterprise token (AUDIT or ENFORCE), sent as `captchaResponse`; use
    /// ``noRecaptchaToken`` when Enterprise produced no token.
    case recaptchaEnterprise(token: String)

    /// The literal the SDKs send in `captchaResponse` when there is no Enterprise token.
    public static let noRecaptchaToken = "NO_RECAPTCHA"

    /// Whether this proof carries Enterprise fields, which the server only accepts with a `clientType`.
    var usesEnterpriseFields: Bool {
        switch self {
        case .none, .classic: false
        case .classicWithEnterpriseFallback, .recaptchaEnterprise: true
        }
    }
}

/// A proof from before reCAPTCHA Enterprise.
public enum ClassicAppProof: Sendable, Hashable {
    /// A reCAPTCHA v2 widget response, sent as `recaptchaToken`.
    case recaptchaV2(token: String)
    /// An iOS APNs receipt and secret, sent as `iosReceipt` and `iosSecret`.
    case iosAppCredential(receipt: String, secret: String)
}

/// Writes an ``AppVerification`` and client type with the API's field names into the enclosing object.
struct AppVerificationFields: Encodable, Sendable {
    let verification: AppVerification
    let clientType: RecaptchaClientType?

    private enum CodingKeys: String, CodingKey {
        case recaptchaToken, iosReceipt, iosSecret, captchaResponse, recaptchaVersion, clientType
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch verification {
        case .none:
            break
        case .classic(let proof):
            try encode(proof, into: &container)
        case .classicWithEnterpriseFallback(let proof):
            try encode(proof, into: &container)
            try container.encode(AppVerification.noRecaptchaToken, forKey: .captchaResponse)
            try container.encode(RecaptchaVersion.enterprise, forKey: .recaptchaVersion)
        case .recaptchaEnterprise(let token):
            try container.encode(token, forKey: .captchaResponse)
            try container.encode(RecaptchaVersion.enterprise, forKey: .recaptchaVersion)
        }
        try container.encodeIfPresent(clientType, forKey: .clientType)
    }

    private func encode(_ proof: ClassicAppProof, into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        switch proof {
        case .recaptchaV2(let token):
            try container.encode(token, forKey: .recaptchaToken)
        case .iosAppCredential(let receipt, let secret):
            try container.encode(receipt, forKey: .iosReceipt)
            try container.encode(secret, forKey: .iosSecret)
        }
    }

    /// Refuses Enterprise fields without a client type, which the server would reject as
    /// `MISSING_CLIENT_TYPE` after the user already solved the reCAPTCHA.
    func validate() throws(IdentityToolkitError) {
        if verification.usesEnterpriseFields, clientType == nil {
            throw .invalidRequest(.missingRecaptchaClientType)
        }
    }
}
