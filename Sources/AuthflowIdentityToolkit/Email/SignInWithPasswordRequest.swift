/// POST v1 `accounts:signInWithPassword`.
public struct SignInWithPasswordRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SignInWithPasswordResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.signInWithPassword

    /// The account's email.
    public var email: String
    /// The account's password.
    public var password: String
    /// Whether to return Firebase tokens; always `true` for a client.
    public var returnSecureToken: Bool
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?
    /// A reCAPTCHA Enterprise token for `signInWithPassword`, sent as `captchaResponse` with `recaptchaVersion`.
    public var recaptchaEnterpriseToken: String?
    /// The client type, sent as `clientType` (the web SDK's `CLIENT_TYPE_WEB` with a token).
    public var clientType: RecaptchaClientType?

    /// A password sign-in.
    public init(email: String, password: String, returnSecureToken: Bool = true, tenantID: String? = nil) {
        self.email = email
        self.password = password
        self.returnSecureToken = returnSecureToken
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case email, password, returnSecureToken
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
        try container.encode(password, forKey: .password)
        try container.encode(returnSecureToken, forKey: .returnSecureToken)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
        try RecaptchaEnterpriseFields(token: recaptchaEnterpriseToken, clientType: clientType).encode(to: encoder)
    }
}

/// The reply to ``SignInWithPasswordRequest``.
public struct SignInWithPasswordResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields
    /// The user's display name.
    public let displayName: String?
    /// Whether the email is registered (always `true` on success).
    public let registered: Bool?

    private enum CodingKeys: String, CodingKey {
        case displayName, registered
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayName = container.lenientString(.displayName)
        registered = container.lenientBool(.registered)
    }
}
