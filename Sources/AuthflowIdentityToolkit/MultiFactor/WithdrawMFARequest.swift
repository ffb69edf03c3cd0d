/// POST v2 `accounts/mfaEnrollment:withdraw`: removes a second factor.
public struct WithdrawMFARequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = WithdrawMFAResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.withdrawMFA

    /// The signed-in user's ID token.
    public var idToken: String
    /// The factor to remove.
    public var mfaEnrollmentId: String
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A withdrawal of `mfaEnrollmentId`.
    public init(idToken: String, mfaEnrollmentId: String, tenantID: String? = nil) {
        self.idToken = idToken
        self.mfaEnrollmentId = mfaEnrollmentId
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, mfaEnrollmentId
        case tenantID = "tenantId"
    }
}

/// The reply to ``WithdrawMFARequest``: new tokens, which may be absent.
public struct WithdrawMFAResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// A new ID token without the removed factor.
    public let idToken: String?
    /// A new refresh token.
    public let refreshToken: String?

    private enum CodingKeys: String, CodingKey {
        case idToken, refreshToken
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        idToken = container.lenientString(.idToken)
        refreshToken = container.lenientString(.refreshToken)
    }
}
