/// POST v2 `accounts/mfaEnrollment:finalize`: confirms a new second factor with its first code, the SMS code
/// (`phoneVerificationInfo`) or the authenticator's TOTP code (`totpVerificationInfo`).
public struct FinalizeMFAEnrollmentRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = FinalizeMFAEnrollmentResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.finalizeMFAEnrollment

    /// What proves the factor.
    public enum Verification: Sendable, Hashable {
        /// The SMS code, with the verification ID from ``StartMFAEnrollmentResponse``.
        case phone(sessionInfo: String, code: String)
        /// The code the authenticator shows now, with the enrolment session from ``StartTOTPMFAEnrollmentResponse``.
        case totp(sessionInfo: String, code: String)
    }

    /// The signed-in user's ID token.
    public var idToken: String
    /// What proves the factor.
    public var verification: Verification
    /// A name for the factor, shown when choosing it later.
    public var displayName: String?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A finalization proven by `verification`.
    public init(idToken: String, verification: Verification, displayName: String? = nil, tenantID: String? = nil) {
        self.idToken = idToken
        self.verification = verification
        self.displayName = displayName
        self.tenantID = tenantID
    }

    /// A finalization with the SMS `code`.
    public init(idToken: String, sessionInfo: String, code: String, displayName: String? = nil, tenantID: String? = nil)
    {
        self.init(
            idToken: idToken, verification: .phone(sessionInfo: sessionInfo, code: code), displayName: displayName,
            tenantID: tenantID)
    }

    /// A finalization with the authenticator's `verificationCode` (the TOTP field's name).
    public init(
        idToken: String, sessionInfo: String, verificationCode: String, displayName: String? = nil,
        tenantID: String? = nil
    ) {
        self.init(
            idToken: idToken, verification: .totp(sessionInfo: sessionInfo, code: verificationCode),
            displayName: displayName, tenantID: tenantID)
    }

    private struct TOTPInfo: Encodable, Hashable {
        let sessionInfo: String
        let verificationCode: String
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, displayName, phoneVerificationInfo, totpVerificationInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idToken, forKey: .idToken)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        switch verification {
        case .phone(let sessionInfo, let code):
            try container.encode(
                PhoneVerificationInfo(sessionInfo: sessionInfo, code: code), forKey: .phoneVerificationInfo)
        case .totp(let sessionInfo, let code):
            try container.encode(
                TOTPInfo(sessionInfo: sessionInfo, verificationCode: code), forKey: .totpVerificationInfo)
        }
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        switch verification {
        case .phone(let sessionInfo, let code):
            try PhoneVerificationInfo(sessionInfo: sessionInfo, code: code).validate()
        case .totp(let sessionInfo, let code):
            guard !sessionInfo.isEmpty else {
                throw .invalidRequest(.missingTOTPSession)
            }
            guard !code.isEmpty else { throw .invalidRequest(.missingAuthenticatorCode) }
        }
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
