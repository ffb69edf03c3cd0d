/// Why Firebase would not put this provider's account where it was asked to, and what the existing account
/// signs in with, so the person can sign in with one of those and link this one afterwards.
public struct OAuthCollision: Sendable, Equatable {
    /// The kind of collision.
    public enum Kind: String, Sendable, Equatable {
        /// `FEDERATED_USER_ID_ALREADY_LINKED`: linking was refused because this provider account belongs to
        /// another Firebase user.
        case alreadyLinked
        /// `EMAIL_EXISTS`: linking was refused because another user has the provider account's email.
        case emailExists
        /// `needConfirmation`: an account with the same email signs in with other providers, and this
        /// provider does not vouch for the address, so Firebase will not merge the two without a sign-in.
        case needsConfirmation
    }

    /// The kind.
    public var kind: Kind
    /// The provider that was refused.
    public var providerID: String
    /// The email the collision is about, when known.
    public var email: String?
    /// The providers the existing account signs in with (`createAuthUri`, or the reply's
    /// `verifiedProvider`); empty when Firebase withholds them (email-enumeration protection).
    public var existingProviders: [String]
    /// Whether the provider's credential was kept (``PendingOAuthCredential``) so it can be linked or used
    /// without another browser round.
    public var savedCredential: Bool
}
