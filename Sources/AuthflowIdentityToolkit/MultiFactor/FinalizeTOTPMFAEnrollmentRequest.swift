/// POST v2 `accounts/mfaEnrollment:finalize` with `totpVerificationInfo`: enrolls the TOTP secret
/// ``StartTOTPMFAEnrollmentRequest`` handed out, proven by a code computed from it.
public struct FinalizeTOTPMFAEnrollmentRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply: new tokens that include the factor, as for SMS.
    public typealias Response = FinalizeMFAEnrollmentResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.finalizeMFAEnrollment

    /// The signed-in user's ID token.
    public var idToken: String
    /// The enrolment session from ``StartTOTPMFAEnrollmentResponse``.
    public var sessionInfo: String
    /// The code the authenticator shows now.
    public var verificationCode: String
    /// A name for the factor, shown when choosing it later.
    public var displayName: String?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A finalization with `verificationCode`.
    public init(
        idToken: String, sessionInfo: String, verificationCode: String, displayName: String? = nil,
        tenantID: String? = nil
    ) {
        self.idToken = idToken
        self.sessionInfo = sessionInfo
        self.verificationCode = verificationCode
        self.displayName = displayName
        self.tenantID = tenantID
    }

    private struct Info: Encodable, Hashable {
        let sessionInfo: String
        let verificationCode: String
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, displayName, totpVerificationInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idToken, forKey: .idToken)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encode(
            Info(sessionInfo: sessionInfo, verificationCode: verificationCode), forKey: .totpVerificationInfo)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !sessionInfo.isEmpty else { throw .invalidRequest("The TOTP enrolment session is empty. Start again.") }
        guard !verificationCode.isEmpty else { throw .invalidRequest("Enter the code the authenticator app shows.") }
    }
}
