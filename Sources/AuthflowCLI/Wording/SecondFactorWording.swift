import AuthflowCore
import AuthflowLocalization

/// The SMS second factor's failures with the CLI's flags and commands.
extension SecondFactorError {
    var cliMessage: String {
        switch self {
        case .noPendingChallenge(let project):
            return localized(
                "No second-factor challenge is waiting in \(project.cliLabel). Sign in first (for example "
                    + "`authflow email sign-in EMAIL`); a sign-in that needs a second factor saves one.")
        case .unresolvable(let challenge):
            let kinds =
                challenge.pendingCredential == nil
                ? localized("Firebase sent the account's second factors without the credential needed to use them")
                : localized(
                    "none of the account's second factors is an SMS or TOTP one, the kinds authflow can "
                        + "complete")
            let who = challenge.email ?? localized("This account")
            return localized(
                "\(who) needs a second factor, but \(kinds). Nothing was stored.")
        case .factorNeeded(let factors):
            let list = FactorWording.lines(factors).joined(separator: "; ")
            return localized("Choose a second factor with --factor (its number, name or ID): \(list).")
        case .notAnSMSFactor(let factor):
            return localized(
                "\(FactorWording.label(factor)) is not an SMS second factor; authflow can only complete SMS "
                    + "factors. Choose another with --factor.")
        case .codeNeeded(let sent):
            return localized(
                "The SMS code was sent to \(sent.recipient), but no code was given. Finish with "
                    + "`\(sent.flow.resumeCommand)`.")
        case .wrongCode(let server, let flow):
            return localized(
                "\(server.cliMessage) The SMS stays usable for a few minutes: run `\(flow.resumeCommand)` with the "
                    + "right code.")
        case .codeExpired(let server, let flow):
            return localized("\(server.cliMessage) Text a new code with `\(flow.restartCommand)`.")
        case .emailNotVerified(let email?):
            return localized(
                "An SMS second factor needs a verified email address, and \(email) is not verified yet. Run "
                    + "`authflow email verify`, open the link in the email, then run this command again.")
        case .recentLoginRequired(_, let provider, let email):
            let how = Self.reauthentication(provider: provider, email: email)
            return localized(
                "Firebase wants a recent sign-in before changing second factors. Sign in again, \(how), then run "
                    + "this command again.")
        case .alreadyEnrolled(let number):
            return localized("\(number) is already one of this account's second factors (see `authflow mfa list`).")
        case .sms(let error):
            return error.cliMessage
        case .signIn(let error):
            return error.cliMessage
        case .session(let error):
            return error.cliMessage
        case .totp(let problem):
            return problem.cliMessage
        case .unknownFactor(let given, let factors) where factors.isEmpty:
            return localized(
                "No second factor is called \"\(given)\": this account has no second factors at all "
                    + "(`authflow mfa enroll` adds one).")
        case .challengeExpired(let project):
            return localized(
                "The saved second-factor challenge in \(project.cliLabel) is too old to finish; sign in again.")
        case .challengeRejected(let server):
            return localized("\(server.cliMessage) The saved challenge was forgotten; sign in again.")
        case .unknownFactor(let given, let factors):
            let choices = factors.enumerated().map { "\($0.offset + 1). \($0.element.cliLabel)" }
            return localized(
                "No second factor is called \"\(given)\". Choose by number, name or ID: "
                    + "\(choices.joined(separator: "; ")).")
        case .ambiguousFactor(let given, let matches):
            let choices = matches.map(\.cliLabel).joined(separator: "; ")
            return localized("Several second factors are called \"\(given)\"; choose one by its ID: \(choices).")
        case .emailNotVerified(nil):
            return localized(
                "An SMS second factor needs an account with a verified email address, and this one has none.")
        case .unsupportedFirstFactor(_, let provider):
            let how = provider.map { localized(" (this session signed in with \($0))") } ?? ""
            return localized(
                "Firebase does not allow a second factor on a session signed in with a phone number, "
                    + "anonymously or with a custom token\(how). Sign in with email and password, an email link or "
                    + "an identity provider first.")
        }
    }

    /// How to sign in again the way the session did, as a command.
    private static func reauthentication(provider: String?, email: String?) -> String {
        let address = email ?? "EMAIL"
        switch provider {
        case "password":
            return localized("e.g. `authflow email sign-in \(address)`")
        case "emailLink":
            return localized(
                "e.g. `authflow email-link send \(address)`, then `authflow email-link complete LINK "
                    + "--reauth`")
        case .some(let other):
            return localized("with \(other) as before")
        case nil:
            return localized("with the method you used before")
        }
    }
}

/// Second factors as the CLI's messages name them, in the language in force.
enum FactorWording {
    /// `"work phone" +*******0199 (id …)`; a TOTP factor is named as an authenticator app.
    static func label(_ factor: EnrolledFactor) -> String {
        let kind = factor.factorKind == .totp ? localized("TOTP authenticator app") : localized("(not an SMS factor)")
        let name = [factor.displayName.map { "\"\($0)\"" }, factor.phoneNumber ?? kind]
            .compactMap { $0 }.joined(separator: " ")
        return name + " (id \(factor.id))"
    }

    /// One line per factor, numbered as `--factor` counts them: `1. "work phone" +*******0199 (id …)`.
    static func lines(_ factors: [EnrolledFactor]) -> [String] {
        factors.enumerated().map { index, factor in "\(index + 1). \(label(factor))" }
    }
}

extension EnrolledFactor {
    /// A factor as the CLI's messages name it, in the language in force: `"work phone" +*******0199 (id …)`.
    var cliLabel: String {
        let kind = factorKind == .totp ? localized("TOTP authenticator app") : localized("(not an SMS factor)")
        let name = [displayName.map { "\"\($0)\"" }, phoneNumber ?? kind].compactMap { $0 }.joined(separator: " ")
        return localized("\(name) (id \(id))")
    }
}
