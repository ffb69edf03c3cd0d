/// POST v2 `accounts/mfaEnrollment:finalize`: confirms the enrollment SMS code.
public struct FinalizeMFAEnrollmentRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = FinalizeMFAEnrollmentResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.finalizeMFAEnrollment

    /// The signed-in user's ID token.
    public var idToken: String
    /// The verification ID from ``StartMFAEnrollmentResponse``.
    public var sessionInfo: String
    /// The code from the SMS.
    public var code: String
    /// A name for the factor, shown when choosing it later.
    public var displayName: String?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A finalization with the SMS `code`.
    public init(idToken: String, sessionInfo: String, code: String, displayName: String? = nil, tenantID: String? = nil)
    {
        self.idToken = idToken
        self.sessionInfo = sessionInfo
        self.code = code
        self.displayName = displayName
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, displayName, phoneVerificationInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idToken, forKey: .idToken)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encode(
            PhoneVerificationInfo(sessionInfo: sessionInfo, code: code), forKey: .phoneVerificationInfo)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        try PhoneVerificationInfo(sessionInfo: sessionInfo, code: code).validate()
    }
}

/// The reply to ``FinalizeMFAEnrollmentRequest``: new tokens that include the second factor.
public struct FinalizeMFAEnrollmentResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
    }
}
