/// POST v2 `accounts:revokeToken`: revokes a provider token, as Apple requires when an account is deleted.
public struct RevokeTokenRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = RevokeTokenResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.revokeToken

    /// The kind of token, sent as the string `tokenType`.
    public struct TokenType: RawRepresentable, Sendable, Hashable, Encodable {
        /// The wire value.
        public var rawValue: String

        /// Any value the API accepts.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `REFRESH_TOKEN`.
        public static let refreshToken = TokenType(rawValue: "REFRESH_TOKEN")
        /// `ACCESS_TOKEN`, what the web SDK sends.
        public static let accessToken = TokenType(rawValue: "ACCESS_TOKEN")
        /// An authorization code, sent as `"3"` (the enum's number, as a string) exactly as iOS does for Apple.
        public static let authorizationCode = TokenType(rawValue: "3")

        /// Writes the body with the API's field names, leaving out unset fields.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// The provider, e.g. `apple.com`.
    public var providerId: String
    /// What ``token`` is.
    public var tokenType: TokenType
    /// The provider token to revoke (for Apple, the authorization code).
    public var token: String
    /// The signed-in user's Firebase ID token.
    public var idToken: String
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A revocation of `token`.
    public init(providerId: String, tokenType: TokenType, token: String, idToken: String, tenantID: String? = nil) {
        self.providerId = providerId
        self.tokenType = tokenType
        self.token = token
        self.idToken = idToken
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case providerId, tokenType, token, idToken
        case tenantID = "tenantId"
    }
}

/// The reply to ``RevokeTokenRequest``, which is empty.
public struct RevokeTokenResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// Accepts any reply body; the API sends an empty object.
    public init(from decoder: any Decoder) throws {}
}
