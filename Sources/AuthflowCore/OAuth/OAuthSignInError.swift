import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing

/// Why an OAuth provider sign-in (or unlinking) did not finish. Every case carries what the front end needs
/// to say what to do next; the words are the front end's.
public enum OAuthSignInError: Error, Sendable, CustomStringConvertible {
    /// The hosted route returns to an iOS app's custom scheme and needs these settings, which are missing.
    case notConfigured(missing: [IOSAppSetting])
    /// The auth domain could not be worked out.
    case authDomain(AuthDomainError)
    /// Waiting for the browser ended without an answer (timeout, listener failure).
    case browser(RedirectListenerError)
    /// The person interrupted the wait (Ctrl-C).
    case interrupted
    /// The hosted page answered with `firebaseError`.
    case page(FirebaseCallbackError, provider: OAuthProvider)
    /// The hosted page's answer held neither a `link` nor an error.
    case pageUnknown(callbackURL: String)
    /// Firebase rejected the provider's response (`INVALID_IDP_RESPONSE`, an expired pending token, a
    /// `sessionId` that does not match the page's: `MISSING_OR_INVALID_NONCE`).
    case credentialRejected(ServerError)
    /// The provider is not enabled for the project, or not configured (`OPERATION_NOT_ALLOWED`,
    /// `INVALID_PROVIDER_ID`, `INVALID_IDP_RESPONSE` about the client).
    case providerDisabled(provider: OAuthProvider, server: ServerError)
    /// The person declined at the provider (`USER_CANCELLED`).
    case cancelled(ServerError)
    /// The provider account collides with an existing one; see ``OAuthCollision``.
    case collision(OAuthCollision, server: ServerError?)
    /// No pending credential is saved for this project (or it expired, or was used).
    case noPendingCredential(project: SessionProject)
    /// The saved pending credential is for another provider than the one asked for.
    case pendingForOtherProvider(saved: String, asked: String)
    /// Unlinking: the signed-in user has no such provider; `linked` lists what they have.
    case notLinked(provider: String, linked: [String])
    /// Linking or re-authenticating needs the stored session, which is missing or no longer accepted.
    case session(SessionError)
    /// The sign-in failed for a reason every first factor shares.
    case signIn(SignInError)
    /// The web route: `localhost` is not among the project's authorized domains, so the JS SDK refuses the page.
    case localhostNotAuthorized(projectID: String?)
    /// The web route: the project's web config lacks these settings (the JS SDK's `initializeApp` needs them).
    case webConfigMissing([ConfigurationKey])
    /// The web route: the JS SDK refused with `code` (`auth/…`); `email` when the error carried one.
    case webSDK(code: String, email: String?, provider: OAuthProvider)
    /// The web route: the account needs a second factor the page did not resolve (it resolves TOTP and SMS);
    /// `hints` are the enrolled factors the JS SDK's resolver listed.
    case webSecondFactor(hints: [WebSecondFactorHint])
    /// The web route: the posted ID token is not the configured project's.
    case webIDToken(WebIDTokenProblem)
    /// The web route could not look up the project's authorized domains.
    case webLookupFailed(IdentityToolkitError)
    /// The web route's page template could not be loaded.
    case webPageUnavailable(TemplateError)
    /// The device route: the provider has no device grant whose token Firebase accepts.
    case deviceUnsupported(provider: OAuthProvider)
    /// The device route: the provider's device client is not configured (`missing` keys).
    case deviceClientMissing(provider: OAuthProvider, missing: [ConfigurationKey])
    /// The device route: the person declined at the provider (`access_denied`).
    case deviceDenied(provider: OAuthProvider)
    /// The device route: the codes expired before the person approved (`expired_token`, or `expires_in` passed).
    case deviceExpired(provider: OAuthProvider)
    /// The device route: the provider failed or refused otherwise.
    case deviceProvider(DeviceGrantProblem, provider: OAuthProvider)

    public var description: String {
        switch self {
        case .notConfigured(let missing):
            return "The hosted sign-in page returns to an iOS app's custom scheme, so it needs "
                + missing.map(\.summary).joined(separator: " and ") + "."
        case .authDomain(let error):
            return error.description
        case .browser(let error):
            return error.description
        case .interrupted:
            return "Cancelled; nothing was signed in."
        case .page(let error, let provider):
            return "The \(provider.id) sign-in page reported an error: \(error.explanation) Nothing was signed in."
        case .pageUnknown(let url):
            return "An unknown error occurred with the following response: \(url) Nothing was signed in."
        case .credentialRejected(let server):
            return "Firebase rejected the provider's response: \(server.message) Sign in again."
        case .providerDisabled(let provider, let server):
            return "Firebase refused \(provider.id) (\(server.rawCode ?? server.message)): the provider is not enabled "
                + "or not configured for this project."
        case .cancelled:
            return "The sign-in was cancelled at the provider, or the requested permissions were not granted."
        case .collision(let collision, _):
            return "The \(collision.providerID) account collides with an existing account (\(collision.kind.rawValue))."
        case .noPendingCredential(let project):
            return "No pending provider credential is waiting in \(project.label)."
        case .pendingForOtherProvider(let saved, let asked):
            return "The pending credential is for \(saved), not \(asked)."
        case .notLinked(let provider, let linked):
            return "The signed-in user has no \(provider) sign-in (linked: \(linked.joined(separator: ", ")))."
        case .session(let error):
            return error.description
        case .signIn(let error):
            return error.description
        case .localhostNotAuthorized:
            return "localhost is not an authorized domain of the project, so the Firebase JS SDK refuses the page."
        case .webConfigMissing(let keys):
            return "The web route needs " + keys.map(\.jsonName).joined(separator: " and ") + "."
        case .webSDK(let code, _, let provider):
            return "The Firebase JS SDK refused the \(provider.id) sign-in (\(code)). Nothing was signed in."
        case .webSecondFactor(let hints):
            return "The account needs a second factor (\(hints.map(\.factorID).joined(separator: ", "))). "
                + "Nothing was signed in."
        case .webIDToken(let problem):
            return "The ID token from the page is not this project's (\(problem)); nothing was saved."
        case .webLookupFailed(let error):
            return error.description
        case .webPageUnavailable(let error):
            return "The sign-in page could not be served: \(error)"
        case .deviceUnsupported(let provider):
            return "\(provider.id) has no device sign-in into Firebase."
        case .deviceClientMissing(let provider, let missing):
            return "The \(provider.id) device sign-in needs " + missing.map(\.jsonName).joined(separator: " and ") + "."
        case .deviceDenied(let provider):
            return "The \(provider.id) sign-in was declined. Nothing was signed in."
        case .deviceExpired(let provider):
            return "The \(provider.id) code expired before it was approved. Nothing was signed in."
        case .deviceProvider(let problem, let provider):
            return "The \(provider.id) device sign-in failed: \(problem)."
        }
    }
}

extension OAuthSignInError: SignInFlowError {}

/// The flow's pages report their failures as this error (the listener shows them on its "sign-in failed" page),
/// so a front end words them as it words the error itself.
extension OAuthSignInError: CallbackFailure {}
