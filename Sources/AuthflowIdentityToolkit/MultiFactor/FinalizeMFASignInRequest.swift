/// POST v2 `accounts/mfaSignIn:finalize`: completes a sign-in with the second factor's code, the SMS code
/// (`phoneVerificationInfo`) or, for a TOTP factor (which has no start call), the authenticator's code
/// (`mfaEnrollmentId` beside `totpVerificationInfo`).
public struct FinalizeMFASignInRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = FinalizeMFASignInResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.finalizeMFASignIn

    /// What proves the second factor.
    public enum Verification: Sendable, Hashable {
        /// The SMS code, with the verification ID from ``StartMFASignInResponse``.
        case phone(sessionInfo: String, code: String)
        /// The code the authenticator shows now for the TOTP factor `mfaEnrollmentId` (named as the API names it,
        /// which also keeps it out of redaction: it identifies the factor, it authenticates nothing).
        case totp(mfaEnrollmentId: String, code: String)
    }

    /// The pending credential from the first-factor reply.
    public var mfaPendingCredential: String
    /// What proves the second factor.
    public var verification: Verification
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A finalization proven by `verification`.
    public init(mfaPendingCredential: String, verification: Verification, tenantID: String? = nil) {
        self.mfaPendingCredential = mfaPendingCredential
        self.verification = verification
        self.tenantID = tenantID
    }

    /// A finalization with the SMS `code`.
    public init(mfaPendingCredential: String, sessionInfo: String, code: String, tenantID: String? = nil) {
        self.init(
            mfaPendingCredential: mfaPendingCredential, verification: .phone(sessionInfo: sessionInfo, code: code),
            tenantID: tenantID)
    }

    /// A finalization of the TOTP factor `mfaEnrollmentId` with the authenticator's `verificationCode`.
    public init(
        mfaPendingCredential: String, mfaEnrollmentId: String, verificationCode: String, tenantID: String? = nil
    ) {
        self.init(
            mfaPendingCredential: mfaPendingCredential,
            verification: .totp(mfaEnrollmentId: mfaEnrollmentId, code: verificationCode), tenantID: tenantID)
    }

    private struct TOTPInfo: Encodable, Hashable {
        let verificationCode: String
    }

    private enum CodingKeys: String, CodingKey {
        case mfaPendingCredential, mfaEnrollmentId, phoneVerificationInfo, totpVerificationInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mfaPendingCredential, forKey: .mfaPendingCredential)
        switch verification {
        case .phone(let sessionInfo, let code):
            try container.encode(
                PhoneVerificationInfo(sessionInfo: sessionInfo, code: code), forKey: .phoneVerificationInfo)
        case .totp(let enrollmentID, let code):
            try container.encode(enrollmentID, forKey: .mfaEnrollmentId)
            try container.encode(TOTPInfo(verificationCode: code), forKey: .totpVerificationInfo)
        }
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !mfaPendingCredential.isEmpty else {
            throw .invalidRequest(.missingMultiFactorSession)
        }
        switch verification {
        case .phone(let sessionInfo, let code):
            try PhoneVerificationInfo(sessionInfo: sessionInfo, code: code).validate()
        case .totp(let enrollmentID, let code):
            guard !enrollmentID.isEmpty else { throw .invalidRequest(.missingSecondFactor) }
            guard !code.isEmpty else { throw .invalidRequest(.missingAuthenticatorCode) }
        }
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
