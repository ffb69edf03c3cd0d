/// POST v2 `accounts/mfaSignIn:finalize` with `mfaEnrollmentId` and `totpVerificationInfo`: completes a sign-in
/// with a TOTP factor. There is no start call: the code comes from the authenticator app.
public struct FinalizeTOTPMFASignInRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply, as for SMS.
    public typealias Response = FinalizeMFASignInResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.finalizeMFASignIn

    /// The pending credential from the first-factor reply.
    public var mfaPendingCredential: String
    /// The TOTP factor's ID (a sibling of `totpVerificationInfo`, not inside it).
    public var mfaEnrollmentId: String
    /// The code the authenticator shows now.
    public var verificationCode: String
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A finalization of `mfaEnrollmentId` with `verificationCode`.
    public init(
        mfaPendingCredential: String, mfaEnrollmentId: String, verificationCode: String, tenantID: String? = nil
    ) {
        self.mfaPendingCredential = mfaPendingCredential
        self.mfaEnrollmentId = mfaEnrollmentId
        self.verificationCode = verificationCode
        self.tenantID = tenantID
    }

    private struct Info: Encodable, Hashable {
        let verificationCode: String
    }

    private enum CodingKeys: String, CodingKey {
        case mfaPendingCredential, mfaEnrollmentId, totpVerificationInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mfaPendingCredential, forKey: .mfaPendingCredential)
        try container.encode(mfaEnrollmentId, forKey: .mfaEnrollmentId)
        try container.encode(Info(verificationCode: verificationCode), forKey: .totpVerificationInfo)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !mfaPendingCredential.isEmpty else {
            throw .invalidRequest("The multi-factor session is missing. Sign in again from the first step.")
        }
        guard !mfaEnrollmentId.isEmpty else { throw .invalidRequest("Choose one of the account's second factors.") }
        guard !verificationCode.isEmpty else { throw .invalidRequest("Enter the code the authenticator app shows.") }
    }
}
