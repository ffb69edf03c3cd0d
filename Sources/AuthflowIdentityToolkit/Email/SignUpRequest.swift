/// POST v1 `accounts:signUp`: creates an account, with an email and password or anonymously when both are
/// `nil`.
public struct SignUpRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SignUpResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.signUp

    /// The new account's email.
    public var email: String?
    /// The new account's password.
    public var password: String?
    /// The new account's display name.
    public var displayName: String?
    /// Whether to return Firebase tokens; always `true` for a client.
    public var returnSecureToken: Bool
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?
    /// A reCAPTCHA Enterprise token for `signUpPassword`, sent as `captchaResponse` with `recaptchaVersion`.
    public var recaptchaEnterpriseToken: String?
    /// The client type, sent as `clientType` (the web SDK's `CLIENT_TYPE_WEB` with a token).
    public var clientType: RecaptchaClientType?

    /// A sign-up; every field is optional.
    public init(
        email: String? = nil, password: String? = nil, displayName: String? = nil, returnSecureToken: Bool = true,
        tenantID: String? = nil
    ) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.returnSecureToken = returnSecureToken
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case email, password, displayName, returnSecureToken
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(password, forKey: .password)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encode(returnSecureToken, forKey: .returnSecureToken)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
        try RecaptchaEnterpriseFields(token: recaptchaEnterpriseToken, clientType: clientType).encode(to: encoder)
    }
}

/// The reply to ``SignUpRequest``.
public struct SignUpResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields
    /// The display name, when one was set.
    public let displayName: String?

    private enum CodingKeys: String, CodingKey {
        case displayName
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
        displayName = try decoder.container(keyedBy: CodingKeys.self).lenientString(.displayName)
    }
}
