/// POST v2 `accounts/mfaSignIn:start`: texts a code to an enrolled second factor. Never retried, so one call
/// sends at most one SMS.
public struct StartMFASignInRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = StartMFASignInResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.startMFASignIn

    /// The pending credential from the first-factor reply.
    public var mfaPendingCredential: String
    /// The chosen factor.
    public var mfaEnrollmentId: String
    /// The factor's masked number, which iOS also sends; the web SDK sends none.
    public var phoneNumber: String?
    /// The app-verification proof, inside `phoneSignInInfo`.
    public var verification: AppVerification
    /// The client type, inside `phoneSignInInfo`.
    public var clientType: RecaptchaClientType?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A request to text a code to `mfaEnrollmentId`. `phoneSignInInfo` is left out when it would be empty,
    /// which the emulator accepts.
    public init(
        mfaPendingCredential: String, mfaEnrollmentId: String, phoneNumber: String? = nil,
        verification: AppVerification, clientType: RecaptchaClientType? = nil, tenantID: String? = nil
    ) {
        self.mfaPendingCredential = mfaPendingCredential
        self.mfaEnrollmentId = mfaEnrollmentId
        self.phoneNumber = phoneNumber
        self.verification = verification
        self.clientType = clientType
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case mfaPendingCredential, mfaEnrollmentId, phoneSignInInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mfaPendingCredential, forKey: .mfaPendingCredential)
        try container.encode(mfaEnrollmentId, forKey: .mfaEnrollmentId)
        let info = PhoneStartInfo(
            phoneNumber: phoneNumber,
            verification: AppVerificationFields(verification: verification, clientType: clientType)
        )
        if !info.isEmpty { try container.encode(info, forKey: .phoneSignInInfo) }
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !mfaPendingCredential.isEmpty else {
            throw .invalidRequest(.missingMultiFactorSession)
        }
        guard !mfaEnrollmentId.isEmpty else { throw .invalidRequest(.missingSecondFactor) }
        try AppVerificationFields(verification: verification, clientType: clientType).validate()
    }
}

/// The reply to ``StartMFASignInRequest``: `{"phoneResponseInfo":{"sessionInfo":…}}`.
public struct StartMFASignInResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The verification ID to finalize with.
    public let sessionInfo: String

    private enum CodingKeys: String, CodingKey {
        case phoneResponseInfo
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionInfo = try container.decode(NestedSessionInfo.self, forKey: .phoneResponseInfo).sessionInfo
    }
}
