import AuthflowCore
import AuthflowLocalization
import AuthflowParsing

/// Sign in with Apple's failures and steps with the CLI's flags and commands.
extension AppleSignInError {
    var cliMessage: String {
        switch self {
        case .notConfigured(let missing):
            let settings = missing.map(\.appleSettingName).joined(separator: localized(" and "))
            return localized(
                "Sign in with Apple through Firebase's hosted page returns to an iOS app's custom scheme, so it "
                    + "needs \(settings) (a GoogleService-Info.plist has both). Or run Apple's flow yourself and pass "
                    + "`--id-token TOKEN --nonce RAW`.")
        case .authDomain(let error):
            return error.cliMessage
        case .browser(let error):
            return error.cliMessage
        case .nonceRejected(let server):
            return localized(
                "Firebase refused the nonce (\(server.rawCode ?? "MISSING_OR_INVALID_NONCE")): --nonce must be the "
                    + "raw nonce whose SHA-256 (lowercase hex) went into Apple's authorization request, not the hash "
                    + "itself, and the identity token must come from that same request. `authflow apple nonce` makes a "
                    + "pair.")
        case .alreadyLinked(let email, true, _):
            let who = email.map { " (\($0))" } ?? ""
            return localized(
                "This Apple ID is already linked to another Firebase user\(who); nothing was linked. "
                    + "Firebase returned an updated credential for it, kept on this machine for "
                    + "\(UpdatedAppleCredential.lifetimeMinutes) minutes: `authflow apple sign-in "
                    + "--updated-credential` "
                    + "signs in to that other account instead (replacing the current session). Or unlink Apple from "
                    + "that account first, then link again.")
        case .noUpdatedCredential(let project):
            return localized(
                "No updated Apple credential is waiting in \(project.cliLabel) (it is kept for "
                    + "\(UpdatedAppleCredential.lifetimeMinutes) minutes after a refused `apple sign-in --link`, and "
                    + "used "
                    + "once). Run `authflow apple sign-in` instead.")
        case .session(let error):
            return error.cliMessage
        case .signIn(let error):
            return error.cliMessage
        case .interrupted:
            return localized("Cancelled; nothing was signed in.")
        case .cancelled:
            return localized(
                "The Apple sign-in was cancelled, or the requested permissions were not granted. Nothing changed; "
                    + "run the command again to retry.")
        case .page(let error):
            let explanation =
                error.kind == .other
                    && (error.code == "auth/user-cancelled" || error.code == "auth/web-context-cancelled")
                ? localized("the sign-in was cancelled at Apple (\(error.code ?? "")). Run the command again to retry.")
                : error.cliExplanation
            return localized("The Sign in with Apple page reported an error: \(explanation) Nothing was signed in.")
        case .pageUnknown(let url):
            return localized(
                "The Sign in with Apple page gave an answer authflow does not know: \(url) Nothing was "
                    + "signed in.")
        case .credentialRejected(let server):
            return localized(
                "Firebase rejected Apple's credential: \(server.cliMessage) Apple identity tokens expire after 10 "
                    + "minutes and must match the Services ID or bundle ID set for the Apple provider in the Firebase "
                    + "console; sign in with Apple again (`authflow apple sign-in`).")
        case .alreadyLinked(let email, false, _):
            let who = email.map { " (\($0))" } ?? ""
            return localized(
                "This Apple ID is already linked to another Firebase user\(who); nothing was linked. Sign in to "
                    + "that account with `authflow apple sign-in` instead, or unlink Apple from it first.")
        }
    }
}

extension AppleTokenRevocation {
    /// The steps before deleting an Apple account, as commands.
    static var order: String {
        localized(
            "1. `authflow apple sign-in --reauth` (or `authflow oauth sign-in --provider apple.com "
                + "--reauth`; authflow keeps Apple's access token from it for \(AppleAccessToken.lifetimeMinutes) "
                + "minutes), 2. `authflow delete-account`, which revokes that token and then deletes. When you ran "
                + "Apple's flow yourself: `authflow apple revoke --authorization-code CODE` within 5 minutes (Apple's "
                + "codes are single-use and short-lived), then `authflow delete-account`.")
    }
}
