import AuthflowCore
import AuthflowLocalization

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
                "No updated Apple credential is waiting in \(project) (it is kept for "
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
        case .page, .pageUnknown, .credentialRejected, .alreadyLinked:
            return description
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
