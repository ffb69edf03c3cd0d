/// The reply to ``SignInWithIdpRequest``: Firebase tokens, the provider's profile and tokens, or one of the
/// special shapes (`needConfirmation`, an MFA challenge).
///
/// A reply with `errorMessage` is thrown as ``ServerError`` with this value in ``ServerError/idpResponse``.
public struct SignInWithIdpResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields
    /// The provider's user ID (`sub` for Apple).
    public let federatedId: String?
    /// The provider, e.g. `apple.com`.
    public let providerId: String?
    /// Whether the provider vouches for the email.
    public let emailVerified: Bool?
    /// Whether the email used to belong to another account.
    public let emailRecycled: Bool?
    /// The display name.
    public let displayName: String?
    /// The given name.
    public let firstName: String?
    /// The family name.
    public let lastName: String?
    /// The full name.
    public let fullName: String?
    /// The profile photo URL.
    public let photoUrl: String?
    /// The provider's raw profile as JSON text.
    public let rawUserInfo: String?
    /// The provider's ID token (for Apple, the token that was sent).
    public let oauthIdToken: String?
    /// The provider's access token.
    public let oauthAccessToken: String?
    /// The OAuth 1 token secret.
    public let oauthTokenSecret: String?
    /// Seconds until the provider's access token expires, as text.
    public let oauthExpireIn: String?
    /// A token that can retry this sign-in later without a fresh provider credential.
    public let pendingToken: String?
    /// The raw nonce, echoed.
    public let nonce: String?
    /// `true` when an account with this email exists with another provider; no tokens then.
    public let needConfirmation: Bool?
    /// The providers that can confirm the existing account.
    public let verifiedProvider: [String]?
    /// A refusal reported with a 200; seen only inside ``ServerError/idpResponse``.
    public let errorMessage: String?

    /// ``SignInConflict/needsConfirmation(email:)`` when `needConfirmation` is `true`. The web SDK treats that
    /// flag as an error whatever else the reply holds.
    public var conflict: SignInConflict? {
        needConfirmation == true ? .needsConfirmation(email: signInFields.email) : nil
    }

    private enum CodingKeys: String, CodingKey {
        case federatedId, providerId, emailVerified, emailRecycled, displayName, firstName, lastName, fullName
        case photoUrl, rawUserInfo, oauthIdToken, oauthAccessToken, oauthTokenSecret, oauthExpireIn, pendingToken
        case nonce, needConfirmation, verifiedProvider, errorMessage
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        federatedId = container.lenientString(.federatedId)
        providerId = container.lenientString(.providerId)
        emailVerified = container.lenientBool(.emailVerified)
        emailRecycled = container.lenientBool(.emailRecycled)
        displayName = container.lenientString(.displayName)
        firstName = container.lenientString(.firstName)
        lastName = container.lenientString(.lastName)
        fullName = container.lenientString(.fullName)
        photoUrl = container.lenientString(.photoUrl)
        rawUserInfo = container.lenientJSONText(.rawUserInfo)
        oauthIdToken = container.lenientString(.oauthIdToken)
        oauthAccessToken = container.lenientString(.oauthAccessToken)
        oauthTokenSecret = container.lenientString(.oauthTokenSecret)
        oauthExpireIn = container.lenientString(.oauthExpireIn)
        pendingToken = container.lenientString(.pendingToken)
        nonce = container.lenientString(.nonce)
        needConfirmation = container.lenientBool(.needConfirmation)
        verifiedProvider = container.lenientStrings(.verifiedProvider)
        errorMessage = container.lenientString(.errorMessage)
    }
}
