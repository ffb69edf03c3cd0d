/// POST v1 `accounts:sendVerificationCode`: sends the sign-in SMS. Never retried, so one call sends at most one
/// SMS.
public struct SendVerificationCodeRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SendVerificationCodeResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.sendVerificationCode

    /// The number in E.164 form, e.g. `+15555550100`.
    public var phoneNumber: String
    /// The app-verification proof.
    public var verification: AppVerification
    /// The client type, sent as `clientType`; required with Enterprise fields.
    public var clientType: RecaptchaClientType?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A request to text a code to `phoneNumber`.
    public init(
        phoneNumber: String, verification: AppVerification, clientType: RecaptchaClientType? = nil,
        tenantID: String? = nil
    ) {
        self.phoneNumber = phoneNumber
        self.verification = verification
        self.clientType = clientType
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case phoneNumber
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(phoneNumber, forKey: .phoneNumber)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
        try AppVerificationFields(verification: verification, clientType: clientType).encode(to: encoder)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !phoneNumber.isEmpty else { throw .invalidRequest(.missingPhoneNumber) }
        try AppVerificationFields(verification: verification, clientType: clientType).validate()
    }
}

/// The reply to ``SendVerificationCodeRequest``.
public struct SendVerificationCodeResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The verification ID to send back with the code.
    public let sessionInfo: String

    private enum CodingKeys: String, CodingKey {
        case sessionInfo
    }
}
