import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing

/// Why a Sign in with Apple did not produce a session. Every case says what to do next.
public enum AppleSignInError: Error, Sendable, CustomStringConvertible {
    /// The hosted route returns to the iOS app's custom scheme and needs these settings, which are missing.
    case notConfigured(missing: [IOSAppSetting])
    /// The auth domain could not be worked out.
    case authDomain(AuthDomainError)
    /// Waiting for the browser ended without an answer (timeout, listener failure).
    case browser(RedirectListenerError)
    /// The person interrupted the wait (Ctrl-C).
    case interrupted
    /// The hosted page answered with `firebaseError`.
    case page(FirebaseCallbackError)
    /// The hosted page's answer held neither a `link` nor an error.
    case pageUnknown(callbackURL: String)
    /// Firebase says the raw nonce does not match the identity token (`MISSING_OR_INVALID_NONCE`).
    case nonceRejected(ServerError)
    /// Firebase rejected Apple's credential (`INVALID_IDP_RESPONSE`, an expired pending token).
    case credentialRejected(ServerError)
    /// The person declined at Apple (`USER_CANCELLED`).
    case cancelled(ServerError)
    /// Linking was refused because this Apple ID belongs to another Firebase user; `savedCredential` says
    /// whether the updated credential Firebase returned was kept for ``AppleSignIn/updatedCredential()``.
    case alreadyLinked(email: String?, savedCredential: Bool, server: ServerError)
    /// No updated credential is saved for this project (or it expired).
    case noUpdatedCredential(project: SessionProject)
    /// Linking or re-authenticating needs the stored session, which is missing or no longer accepted.
    case session(SessionError)
    /// The sign-in failed for a reason every first factor shares.
    case signIn(SignInError)

    public var description: String {
        switch self {
        case .notConfigured(let missing):
            return "Sign in with Apple through Firebase's hosted page returns to an iOS app's custom scheme, so it "
                + "needs " + missing.map(\.summary).joined(separator: " and ") + " (a GoogleService-Info.plist has "
                + "both). Or run Apple's flow yourself and sign in with its identity token and raw nonce."
        case .authDomain(let error):
            return error.description
        case .browser(let error):
            return error.description
        case .interrupted:
            return "Cancelled; nothing was signed in."
        case .page(let error):
            return "The Sign in with Apple page reported an error: \(Self.explain(error)) Nothing was signed in."
        case .pageUnknown(let url):
            return "An unknown error occurred with the following response: \(url) Nothing was signed in."
        case .nonceRejected(let server):
            return "Firebase refused the nonce (\(server.rawCode ?? "MISSING_OR_INVALID_NONCE")): the nonce must be "
                + "the raw nonce whose SHA-256 (lowercase hex) went into Apple's authorization request, not the hash "
                + "itself, and the identity token must come from that same request. AppleNonce makes a pair."
        case .credentialRejected(let server):
            return "Firebase rejected Apple's credential: \(server.message) Apple identity tokens expire after 10 "
                + "minutes and are checked against the Services ID or bundle ID configured for the Apple provider in "
                + "the Firebase console; sign in with Apple again."
        case .cancelled:
            return "The Apple sign-in was cancelled, or the requested permissions were not granted. Nothing changed; "
                + "run the command again to retry."
        case .alreadyLinked(let email, let saved, _):
            let who = email.map { " (\($0))" } ?? ""
            let next =
                saved
                ? "Firebase returned an updated credential for it, kept on this machine for "
                    + "\(UpdatedAppleCredential.lifetimeMinutes) minutes: signing in with it signs in to that other "
                    + "account instead (replacing the current session). Or unlink Apple from that account first, "
                    + "then link again."
                : "Sign in to that account with Apple instead, or unlink Apple from it first."
            return "This Apple ID is already linked to another Firebase user\(who); nothing was linked. " + next
        case .noUpdatedCredential(let project):
            return "No updated Apple credential is waiting in \(project.label) (it is kept for "
                + "\(UpdatedAppleCredential.lifetimeMinutes) minutes after a refused link, and used once). Sign in "
                + "with Apple instead."
        case .session(let error):
            return error.description
        case .signIn(let error):
            return error.description
        }
    }

    /// OAuth reads an error without code or message as "missing code" / "missing message" (§2.6).
    private static func explain(_ error: FirebaseCallbackError) -> String {
        switch error.kind {
        case .incomplete:
            return "[\(error.code ?? "missing code")] \(error.message ?? "missing message")"
        case .unparsable:
            return "SignIn failed with unparsable firebaseError."
        case .other where error.code == "auth/user-cancelled" || error.code == "auth/web-context-cancelled":
            return "the sign-in was cancelled at Apple (\(error.code ?? "")). Run the command again to retry."
        default:
            return error.explanation
        }
    }
}

extension AppleSignInError {
    /// A failure of the generic flow's round through the hosted handler (``OAuthSignIn``) in Apple's terms.
    /// The round fails only while preparing the handler URL or waiting for the browser; anything else an
    /// interaction reports is passed on as an unknown page answer carrying its description.
    init(hostedRound error: OAuthSignInError) {
        switch error {
        case .notConfigured(let missing): self = .notConfigured(missing: missing)
        case .authDomain(let failure): self = .authDomain(failure)
        case .browser(let failure): self = .browser(failure)
        case .interrupted: self = .interrupted
        case .page(let failure, _): self = .page(failure)
        case .pageUnknown(let callbackURL): self = .pageUnknown(callbackURL: callbackURL)
        case .credentialRejected(let server): self = .credentialRejected(server)
        case .cancelled(let server): self = .cancelled(server)
        case .session(let failure): self = .session(failure)
        case .signIn(let failure): self = .signIn(failure)
        default: self = .pageUnknown(callbackURL: error.description)
        }
    }
}

/// The flow's pages report their failures as this error (the listener shows them on its "sign-in failed" page),
/// so a front end words them as it words the error itself.
extension AppleSignInError: CallbackFailure {}
