/// POST v2 `accounts/mfaEnrollment:start`: texts a code to the phone number being enrolled as a second
/// factor. Never retried, so one call sends at most one SMS.
public struct StartMFAEnrollmentRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = StartMFAEnrollmentResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.startMFAEnrollment

    /// The signed-in user's ID token.
    public var idToken: String
    /// The number to enroll, in E.164 form.
    public var phoneNumber: String
    /// The app-verification proof, inside `phoneEnrollmentInfo`.
    public var verification: AppVerification
    /// The client type, inside `phoneEnrollmentInfo`.
    public var clientType: RecaptchaClientType?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A request to start enrolling `phoneNumber`.
    public init(
        idToken: String, phoneNumber: String, verification: AppVerification, clientType: RecaptchaClientType? = nil,
        tenantID: String? = nil
    ) {
        self.idToken = idToken
        self.phoneNumber = phoneNumber
        self.verification = verification
        self.clientType = clientType
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, phoneEnrollmentInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idToken, forKey: .idToken)
        let info = PhoneStartInfo(
            phoneNumber: phoneNumber,
            verification: AppVerificationFields(verification: verification, clientType: clientType)
        )
        try container.encode(info, forKey: .phoneEnrollmentInfo)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !phoneNumber.isEmpty else {
            throw .invalidRequest(.missingPhoneNumber)
        }
        try AppVerificationFields(verification: verification, clientType: clientType).validate()
    }
}

/// The reply to ``StartMFAEnrollmentRequest``: `{"phoneSessionInfo":{"sessionInfo":…}}`.
public struct StartMFAEnrollmentResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The verification ID to finalize with.
    public let sessionInfo: String

    private enum CodingKeys: String, CodingKey {
        case phoneSessionInfo
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionInfo = try container.decode(NestedSessionInfo.self, forKey: .phoneSessionInfo).sessionInfo
    }
}
