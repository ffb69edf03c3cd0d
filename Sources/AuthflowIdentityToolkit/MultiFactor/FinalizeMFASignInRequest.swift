/// POST v2 `accounts/mfaSignIn:finalize`: confirms the second-factor SMS code and completes the sign-in.
public struct FinalizeMFASignInRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = FinalizeMFASignInResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.finalizeMFASignIn

    /// The pending credential from the first-factor reply.
    public var mfaPendingCredential: String
    /// The verification ID from ``StartMFASignInResponse``.
    public var sessionInfo: String
    /// The code from the SMS.
    public var code: String
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A finalization with the SMS `code`.
    public init(mfaPendingCredential: String, sessionInfo: String, code: String, tenantID: String? = nil) {
        self.mfaPendingCredential = mfaPendingCredential
        self.sessionInfo = sessionInfo
        self.code = code
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case mfaPendingCredential, phoneVerificationInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mfaPendingCredential, forKey: .mfaPendingCredential)
        try container.encode(
            PhoneVerificationInfo(sessionInfo: sessionInfo, code: code), forKey: .phoneVerificationInfo)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !mfaPendingCredential.isEmpty else {
            throw .invalidRequest("The multi-factor session is missing. Sign in again from the first step.")
        }
        try PhoneVerificationInfo(sessionInfo: sessionInfo, code: code).validate()
    }
}

/// The reply to ``FinalizeMFASignInRequest``: the tokens that replace the first reply's; keep the first reply's
/// `localId` and profile.
public struct FinalizeMFASignInResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
    }
}
