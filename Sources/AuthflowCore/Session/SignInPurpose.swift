/// What a first-factor credential is used for. The same credential (an email link, a password) can start a
/// session, be added to the signed-in user, or prove the user is still there before a sensitive change.
public enum SignInPurpose: String, Sendable, Hashable, CaseIterable {
    /// Start a session, replacing any stored one.
    case signIn
    /// Add the credential to the signed-in user (the request carries that user's ID token).
    case link
    /// Prove the signed-in user is still present; the result must be the same user.
    case reauthenticate

    /// A verb phrase for messages: "sign in", "link", "re-authenticate".
    public var phrase: String {
        switch self {
        case .signIn: "sign in"
        case .link: "link"
        case .reauthenticate: "re-authenticate"
        }
    }
}
