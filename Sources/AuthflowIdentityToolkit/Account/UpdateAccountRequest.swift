/// POST v1 `accounts:update`: changes the profile or credentials, unlinks providers, or applies an emailed
/// code.
public struct UpdateAccountRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = UpdateAccountResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.updateAccount

    /// A profile attribute to remove, sent in `deleteAttribute`.
    public enum UserAttribute: String, Sendable, Hashable, Encodable {
        /// `DISPLAY_NAME`.
        case displayName = "DISPLAY_NAME"
        /// `PHOTO_URL`.
        case photoUrl = "PHOTO_URL"
        /// `EMAIL`.
        case email = "EMAIL"
        /// `PASSWORD`.
        case password = "PASSWORD"
        /// `PROVIDER`.
        case provider = "PROVIDER"
    }

    /// The user's ID token; absent only when applying an ``oobCode``.
    public var idToken: String?
    /// A new email.
    public var email: String?
    /// A new password.
    public var password: String?
    /// A new display name.
    public var displayName: String?
    /// A new photo URL.
    public var photoUrl: String?
    /// Attributes to clear.
    public var deleteAttribute: [UserAttribute]?
    /// Provider IDs to unlink.
    public var deleteProvider: [String]?
    /// An emailed action code to apply (email verification, email change).
    public var oobCode: String?
    /// Whether to return fresh tokens, which a credential change requires.
    public var returnSecureToken: Bool?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// An update; set only the fields to change.
    public init(
        idToken: String? = nil, email: String? = nil, password: String? = nil, displayName: String? = nil,
        photoUrl: String? = nil, deleteAttribute: [UserAttribute]? = nil, deleteProvider: [String]? = nil,
        oobCode: String? = nil, returnSecureToken: Bool? = nil, tenantID: String? = nil
    ) {
        self.idToken = idToken
        self.email = email
        self.password = password
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.deleteAttribute = deleteAttribute
        self.deleteProvider = deleteProvider
        self.oobCode = oobCode
        self.returnSecureToken = returnSecureToken
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case idToken, email, password, displayName, photoUrl, deleteAttribute, deleteProvider, oobCode
        case returnSecureToken
        case tenantID = "tenantId"
    }

    /// Refuses an update that names no account: without an ID token or a code the server answers
    /// `INVALID_REQ_TYPE`, a code this client otherwise reads as a reCAPTCHA Enterprise requirement.
    public func validate() throws(IdentityToolkitError) {
        guard !(idToken ?? "").isEmpty || !(oobCode ?? "").isEmpty else {
            throw .invalidRequest(.missingAccountCredential)
        }
    }
}

/// The reply to ``UpdateAccountRequest``.
public struct UpdateAccountResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The Firebase user ID.
    public let localId: String?
    /// The current email.
    public let email: String?
    /// The email the account is changing to, when verification is pending.
    public let newEmail: String?
    /// The display name.
    public let displayName: String?
    /// The photo URL.
    public let photoUrl: String?
    /// Whether the email is verified.
    public let emailVerified: Bool?
    /// Linked providers after the change.
    public let providerUserInfo: [ProviderUserInfo]
    /// A new ID token, when ``UpdateAccountRequest/returnSecureToken`` was set.
    public let idToken: String?
    /// A new refresh token, likewise.
    public let refreshToken: String?
    /// Seconds until the new ID token expires.
    public let expiresIn: String?

    private enum CodingKeys: String, CodingKey {
        case localId, email, newEmail, displayName, photoUrl, emailVerified, providerUserInfo, idToken
        case refreshToken, expiresIn
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        localId = container.lenientString(.localId)
        email = container.lenientString(.email)
        newEmail = container.lenientString(.newEmail)
        displayName = container.lenientString(.displayName)
        photoUrl = container.lenientString(.photoUrl)
        emailVerified = container.lenientBool(.emailVerified)
        providerUserInfo = (try? container.decodeIfPresent([ProviderUserInfo].self, forKey: .providerUserInfo)) ?? []
        idToken = container.lenientString(.idToken)
        refreshToken = container.lenientString(.refreshToken)
        expiresIn = container.lenientString(.expiresIn)
    }
}
