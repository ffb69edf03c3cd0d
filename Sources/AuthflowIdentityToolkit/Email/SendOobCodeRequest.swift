/// POST v1 `accounts:sendOobCode`: emails a sign-in link, password reset, or verification. Never retried, so
/// one call sends at most one email.
public struct SendOobCodeRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SendOobCodeResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.sendOobCode

    /// Which email, with the fields that email type needs.
    public enum Kind: Sendable, Hashable {
        /// `EMAIL_SIGNIN` to `email`.
        case emailSignIn(email: String)
        /// `PASSWORD_RESET` for `email`.
        case passwordReset(email: String)
        /// `VERIFY_EMAIL` for the user of `idToken`.
        case verifyEmail(idToken: String)
        /// `VERIFY_AND_CHANGE_EMAIL`: verify `newEmail`, then make it the email of the user of `idToken`.
        case verifyAndChangeEmail(idToken: String, newEmail: String)

        /// The `requestType` value.
        public var requestType: String {
            switch self {
            case .emailSignIn: "EMAIL_SIGNIN"
            case .passwordReset: "PASSWORD_RESET"
            case .verifyEmail: "VERIFY_EMAIL"
            case .verifyAndChangeEmail: "VERIFY_AND_CHANGE_EMAIL"
            }
        }
    }

    /// The email to send.
    public var kind: Kind
    /// Link settings, merged into the body.
    public var settings: ActionCodeSettings
    /// The client type, sent as `clientType` (the web SDK always sends `CLIENT_TYPE_WEB`).
    public var clientType: RecaptchaClientType?
    /// A reCAPTCHA Enterprise token, sent as `captchaResp` (not `captchaResponse`) with `recaptchaVersion`.
    public var recaptchaEnterpriseToken: String?
    /// Another project to send on behalf of, sent as `targetProjectid`.
    public var targetProjectID: String?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A request for `kind` with `settings`.
    public init(
        kind: Kind, settings: ActionCodeSettings = ActionCodeSettings(), clientType: RecaptchaClientType? = nil,
        recaptchaEnterpriseToken: String? = nil, targetProjectID: String? = nil, tenantID: String? = nil
    ) {
        self.kind = kind
        self.settings = settings
        self.clientType = clientType
        self.recaptchaEnterpriseToken = recaptchaEnterpriseToken
        self.targetProjectID = targetProjectID
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case requestType, email, idToken, newEmail, clientType, captchaResp, recaptchaVersion
        case targetProjectID = "targetProjectid"
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.requestType, forKey: .requestType)
        switch kind {
        case .emailSignIn(let email), .passwordReset(let email):
            try container.encode(email, forKey: .email)
        case .verifyEmail(let idToken):
            try container.encode(idToken, forKey: .idToken)
        case .verifyAndChangeEmail(let idToken, let newEmail):
            try container.encode(idToken, forKey: .idToken)
            try container.encode(newEmail, forKey: .newEmail)
        }
        try container.encodeIfPresent(clientType, forKey: .clientType)
        if let recaptchaEnterpriseToken {
            try container.encode(recaptchaEnterpriseToken, forKey: .captchaResp)
            try container.encode(RecaptchaVersion.enterprise, forKey: .recaptchaVersion)
        }
        try container.encodeIfPresent(targetProjectID, forKey: .targetProjectID)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
        try settings.encode(to: encoder)
    }

    /// Both SDKs refuse a sign-in link without a continue URL or with `canHandleCodeInApp` unset.
    public func validate() throws(IdentityToolkitError) {
        if case .emailSignIn(let email) = kind {
            guard !email.isEmpty else { throw .invalidRequest(.missingEmail) }
            guard let url = settings.continueUrl, !url.isEmpty else {
                throw .invalidRequest(.missingContinueURL)
            }
            guard settings.canHandleCodeInApp == true else {
                throw .invalidRequest(.linkNotHandledInApp)
            }
        }
    }
}

/// The reply to ``SendOobCodeRequest``.
public struct SendOobCodeResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// `identitytoolkit#GetOobConfirmationCodeResponse`.
    public let kind: String?
    /// The address the email went to.
    public let email: String?

    private enum CodingKeys: String, CodingKey {
        case kind, email
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = container.lenientString(.kind)
        email = container.lenientString(.email)
    }
}
