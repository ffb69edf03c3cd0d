/// POST v1 `accounts:signInWithEmailLink`: signs in (or links, or reauthenticates) with the code from an email
/// link and the address it was sent to.
public struct SignInWithEmailLinkRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SignInWithEmailLinkResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.signInWithEmailLink

    /// The address the link was sent to; the link itself does not carry it.
    public var email: String
    /// The link's `oobCode`.
    public var oobCode: String
    /// The signed-in user's ID token, to link the email to that user.
    public var idToken: String?
    /// The tenant, sent as `tenantId`; must match the link's `tenantId`.
    public var tenantID: String?

    /// A sign-in with `oobCode` for `email`.
    public init(email: String, oobCode: String, idToken: String? = nil, tenantID: String? = nil) {
        self.email = email
        self.oobCode = oobCode
        self.idToken = idToken
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case email, oobCode, idToken
        case tenantID = "tenantId"
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !email.isEmpty else { throw .invalidRequest(.missingEmail) }
        guard !oobCode.isEmpty else {
            throw .invalidRequest(.missingLinkCode)
        }
    }
}

/// The reply to ``SignInWithEmailLinkRequest``.
public struct SignInWithEmailLinkResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields
    /// `identitytoolkit#EmailLinkSigninResponse`.
    public let kind: String?

    private enum CodingKeys: String, CodingKey {
        case kind
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
        kind = try decoder.container(keyedBy: CodingKeys.self).lenientString(.kind)
    }
}
