/// POST v1 `accounts:signInWithPhoneNumber`: confirms an SMS code to sign in, link the number, or
/// reauthenticate.
public struct SignInWithPhoneNumberRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SignInWithPhoneNumberResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.signInWithPhoneNumber

    /// What proves the number.
    public enum Credential: Sendable, Hashable {
        /// The verification ID from ``SendVerificationCodeResponse`` and the code from the SMS.
        case verificationCode(sessionInfo: String, code: String)
        /// A proof from an earlier ``SignInConflict/phoneNumberInUse(phoneNumber:temporaryProof:)``.
        case temporaryProof(String, phoneNumber: String)
    }

    /// What the confirmation is for, sent as `operation`.
    public enum Operation: String, Sendable, Hashable, Encodable {
        /// `SIGN_UP_OR_IN`.
        case signUpOrIn = "SIGN_UP_OR_IN"
        /// `REAUTH`: confirm the current user's own number (the web SDK's reauthentication).
        case reauthenticate = "REAUTH"
        /// `LINK`.
        case link = "LINK"
        /// `UPDATE`.
        case update = "UPDATE"
        /// `VERIFY_OP_UNSPECIFIED`.
        case unspecified = "VERIFY_OP_UNSPECIFIED"
    }

    /// The proof.
    public var credential: Credential
    /// The signed-in user's ID token, to link the number to that user.
    public var idToken: String?
    /// The operation; omitted for a plain sign-in, as the SDKs do.
    public var operation: Operation?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A confirmation with `credential`.
    public init(credential: Credential, idToken: String? = nil, operation: Operation? = nil, tenantID: String? = nil) {
        self.credential = credential
        self.idToken = idToken
        self.operation = operation
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case sessionInfo, code, temporaryProof, phoneNumber, idToken, operation
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch credential {
        case .verificationCode(let sessionInfo, let code):
            try container.encode(sessionInfo, forKey: .sessionInfo)
            try container.encode(code, forKey: .code)
        case .temporaryProof(let proof, let phoneNumber):
            try container.encode(proof, forKey: .temporaryProof)
            try container.encode(phoneNumber, forKey: .phoneNumber)
        }
        try container.encodeIfPresent(idToken, forKey: .idToken)
        try container.encodeIfPresent(operation, forKey: .operation)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }

    /// The SDKs refuse an empty verification ID or code before sending; so does this request.
    public func validate() throws(IdentityToolkitError) {
        switch credential {
        case .verificationCode(let sessionInfo, let code):
            guard !sessionInfo.isEmpty else {
                throw .invalidRequest(.missingVerificationID)
            }
            guard !code.isEmpty else { throw .invalidRequest(.missingSMSCode) }
        case .temporaryProof(let proof, let phoneNumber):
            guard !proof.isEmpty, !phoneNumber.isEmpty else {
                throw .invalidRequest(.missingTemporaryProof)
            }
        }
    }
}

/// The reply to ``SignInWithPhoneNumberRequest``.
public struct SignInWithPhoneNumberResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields
    /// Present with ``SignInFields/phoneNumber`` and no tokens when the number belongs to another account.
    public let temporaryProof: String?

    /// ``SignInConflict/phoneNumberInUse(phoneNumber:temporaryProof:)`` when the reply has a temporary proof
    /// and a number but no ID token.
    public var conflict: SignInConflict? {
        guard let temporaryProof, !temporaryProof.isEmpty, let phoneNumber = signInFields.phoneNumber,
            !phoneNumber.isEmpty, (signInFields.idToken ?? "").isEmpty
        else { return nil }
        return .phoneNumberInUse(phoneNumber: phoneNumber, temporaryProof: temporaryProof)
    }

    private enum CodingKeys: String, CodingKey {
        case temporaryProof
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
        temporaryProof = try decoder.container(keyedBy: CodingKeys.self).lenientString(.temporaryProof)
    }
}
