/// The fields every sign-in reply may carry: Firebase tokens, the user, and the multi-factor challenge.
/// Decoded leniently: a field of the wrong type counts as absent.
public struct SignInFields: Sendable, Hashable, Decodable, RedactingDescription {
    /// The Firebase ID token (a JWT).
    public let idToken: String?
    /// The refresh token for ``SecureTokenRequest``.
    public let refreshToken: String?
    /// Seconds until ``idToken`` expires, as the decimal string the API sends (`"3600"`).
    public let expiresIn: String?
    /// The Firebase user ID.
    public let localId: String?
    /// The user's email, when the reply has one.
    public let email: String?
    /// The user's phone number, when the reply has one.
    public let phoneNumber: String?
    /// Whether this sign-in created the account.
    public let isNewUser: Bool?
    /// The credential for ``StartMFASignInRequest`` when a second factor is required.
    public let mfaPendingCredential: String?
    /// The enrolled second factors to choose from.
    public let mfaInfo: [MFAEnrollment]?

    /// Fields built in code, for tests and for merging an MFA finalize reply into the first reply.
    public init(
        idToken: String? = nil, refreshToken: String? = nil, expiresIn: String? = nil, localId: String? = nil,
        email: String? = nil, phoneNumber: String? = nil, isNewUser: Bool? = nil,
        mfaPendingCredential: String? = nil, mfaInfo: [MFAEnrollment]? = nil
    ) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.localId = localId
        self.email = email
        self.phoneNumber = phoneNumber
        self.isNewUser = isNewUser
        self.mfaPendingCredential = mfaPendingCredential
        self.mfaInfo = mfaInfo
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, refreshToken, expiresIn, localId, email, phoneNumber, isNewUser, mfaPendingCredential, mfaInfo
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        idToken = container.lenientString(.idToken)
        refreshToken = container.lenientString(.refreshToken)
        expiresIn = container.lenientString(.expiresIn)
        localId = container.lenientString(.localId)
        email = container.lenientString(.email)
        phoneNumber = container.lenientString(.phoneNumber)
        isNewUser = container.lenientBool(.isNewUser)
        mfaPendingCredential = container.lenientString(.mfaPendingCredential)
        mfaInfo = try container.elements(MFAEnrollment.self, .mfaInfo)
    }
}
