import AuthflowIdentityToolkit
import AuthflowStorage

/// Why a sign-in with a first factor (email link, password) did not produce a session.
public enum SignInError: Error, Sendable, CustomStringConvertible {
    /// Firebase refused, failed or could not be reached.
    case service(IdentityToolkitError)
    /// The new session could not be stored; the previous one, if any, is unchanged.
    case storage(StorageError)
    /// The session could not have been stored (a full or read-only state directory, no permission), found
    /// before anything was sent: the one-time credential (link, code, authorization code) is still unused.
    case cannotStore(StorageError)
    /// The credential belongs to another account.
    case conflict(SignInConflict)
    /// The reply had neither tokens nor a second-factor challenge.
    case unusableReply
    /// Re-authentication signed in someone other than the signed-in user. The stored session is unchanged.
    case userMismatch(expectedUID: String, signedInUID: String, email: String?)
    /// The project protects the call with reCAPTCHA Enterprise and no token could be attached.
    case recaptcha(RecaptchaProtectionError)
    /// The reply's ID token was issued for another project than the configured one; nothing was stored.
    case projectMismatch(ProjectMismatch)
    /// The address given to sign in with is not an email address; nothing was sent.
    case invalidEmail(InvalidEmailAddress)

    public var description: String {
        switch self {
        case .service(let error):
            return error.description
        case .storage(let error):
            return error.description
        case .cannotStore(let error):
            return error.description + " Nothing was sent, so the link or code is still unused."
        case .conflict(.needsConfirmation(let email)):
            return "An account with \(email ?? "this email") already exists with another sign-in method. Sign in "
                + "to that account first, then link this method to it."
        case .conflict(.phoneNumberInUse(let phoneNumber, _)):
            return "The phone number \(phoneNumber) already belongs to another account."
        case .unusableReply:
            return "Firebase accepted the sign-in but sent neither tokens nor a second-factor challenge. Try "
                + "again; if it keeps happening, check that the backend address points at Firebase Auth."
        case .userMismatch(let expected, let other, let email):
            return "That credential belongs to another account (\(email ?? other), uid \(other)), not to the "
                + "signed-in user (uid \(expected)). Re-authenticate with the signed-in user's own email; the "
                + "stored session is unchanged."
        case .recaptcha(let error):
            return error.description
        case .projectMismatch(let mismatch):
            return mismatch.description
        case .invalidEmail(let invalid):
            return invalid.description
        }
    }
}
