import AuthflowIdentityToolkit
import AuthflowStorage

/// Why enrolling, listing, withdrawing or resolving an SMS second factor did not finish. Every case says what
/// to do next; a challenge stays saved for ``SecondFactorSignIn`` unless the server said it is dead.
public enum SecondFactorError: Error, Sendable, CustomStringConvertible {
    /// No challenge is saved for the project.
    case noPendingChallenge(project: SessionProject)
    /// The saved challenge is older than ``PendingSecondFactor/lifetime``; it was forgotten.
    case challengeExpired(project: SessionProject)
    /// The server refused the pending credential (expired, or from elsewhere); it was forgotten.
    case challengeRejected(ServerError)
    /// The challenge came without a pending credential or without an SMS or TOTP factor, so it cannot be resolved.
    case unresolvable(SecondFactorChallenge)
    /// Several factors and nothing to choose with (no choice given, nobody to ask).
    case factorNeeded([EnrolledFactor])
    /// The choice matched none of the factors.
    case unknownFactor(String, [EnrolledFactor])
    /// The choice named a display name several factors share.
    case ambiguousFactor(String, [EnrolledFactor])
    /// The chosen factor is not an SMS one (TOTP), which this library cannot complete.
    case notAnSMSFactor(EnrolledFactor)
    /// The SMS was texted but no source gave its code; it stays saved for its flow to finish later.
    case codeNeeded(SentSMSCode)
    /// The server says the code is wrong; the SMS stays saved for another try with `flow`.
    case wrongCode(ServerError, flow: SMSCodeFlow)
    /// The server says the SMS's verification expired; it was forgotten; `flow` texts a new one.
    case codeExpired(ServerError, flow: SMSCodeFlow)
    /// Enrolling needs a verified email address (`email` is the account's, if it has one).
    case emailNotVerified(email: String?)
    /// Firebase wants a recent sign-in first (`CREDENTIAL_TOO_OLD_LOGIN_AGAIN`); `signInProvider` says how the
    /// session signed in, to suggest the same way back.
    case recentLoginRequired(ServerError, signInProvider: String?, email: String?)
    /// Firebase allows no second factor for this first factor (phone, anonymous, custom).
    case unsupportedFirstFactor(ServerError?, signInProvider: String?)
    /// The number is already one of the account's second factors.
    case alreadyEnrolled(String)
    /// Proving the app, texting the code or reading it failed as in phone sign-in.
    case sms(PhoneSignInError)
    /// Finishing the sign-in failed for a reason every first factor shares.
    case signIn(SignInError)
    /// The stored session is missing, unusable or could not be updated.
    case session(SessionError)
    /// A TOTP second factor did not finish.
    case totp(TOTPProblem)

    public var description: String {
        switch self {
        case .noPendingChallenge(let project):
            return "No second-factor challenge is waiting in \(project.label). Sign in first; a sign-in that needs a "
                + "second factor saves one (SecondFactorSignIn.save)."
        case .challengeExpired(let project):
            return "The saved second-factor challenge in \(project.label) is too old to finish; sign in again."
        case .challengeRejected(let server):
            return "\(server.message) The saved challenge was forgotten; sign in again."
        case .unresolvable(let challenge):
            let kinds =
                challenge.pendingCredential == nil
                ? "Firebase sent the account's second factors without the credential needed to use them"
                : "none of the account's second factors is an SMS or TOTP one, the kinds this library can complete"
            return "\(challenge.email ?? "This account") needs a second factor, but \(kinds). Nothing was stored."
        case .factorNeeded(let factors):
            return "Choose a second factor (by its number, name or ID): "
                + FactorSelection.lines(factors).joined(separator: "; ") + "."
        case .unknownFactor(let given, let factors) where factors.isEmpty:
            return "No second factor is called \"\(given)\": the account has no second factors."
        case .unknownFactor(let given, let factors):
            return "No second factor is called \"\(given)\". Choose by number, name or ID: "
                + FactorSelection.lines(factors).joined(separator: "; ") + "."
        case .ambiguousFactor(let given, let matches):
            return "Several second factors are called \"\(given)\"; choose one by its ID: "
                + matches.map(FactorSelection.label).joined(separator: "; ") + "."
        case .notAnSMSFactor(let factor):
            return "\(FactorSelection.label(factor)) is not an SMS second factor; only SMS factors can be "
                + "completed. Choose another."
        case .codeNeeded(let sent):
            return "The SMS code was sent to \(sent.recipient), but no code was given. It stays saved: "
                + "\(sent.flow.finishLater)."
        case .wrongCode(let server, let flow):
            return "\(server.message) The SMS stays usable for a few minutes: \(flow.finishLater) using the right "
                + "code."
        case .codeExpired(let server, let flow):
            return "\(server.message) Text a new code: \(flow.startAgain)."
        case .emailNotVerified(let email):
            guard let email else {
                return "An SMS second factor needs an account with a verified email address, and this one has none."
            }
            return "An SMS second factor needs a verified email address, and \(email) is not verified yet. Send a "
                + "verification email (AccountService), open the link in it, then try again."
        case .recentLoginRequired(_, let provider, let email):
            return "Firebase wants a recent sign-in before changing second factors. Sign in again, "
                + Self.reauthentication(provider: provider, email: email) + ", then try again."
        case .unsupportedFirstFactor(_, let provider):
            let how = provider.map { " (this session signed in with \($0))" } ?? ""
            return "Firebase does not allow a second factor on a session signed in with a phone number, "
                + "anonymously or with a custom token\(how). Sign in with email and password, an email link or "
                + "an identity provider first."
        case .alreadyEnrolled(let number):
            return "\(number) is already one of this account's second factors (see EnrolledFactorService)."
        case .sms(let error):
            return error.description
        case .signIn(let error):
            return error.description
        case .session(let error):
            return error.description
        case .totp(let problem):
            return Self.describe(problem)
        }
    }

    /// A TOTP problem in library terms.
    private static func describe(_ problem: TOTPProblem) -> String {
        switch problem {
        case .notEnabled(let server):
            return "\(server.message) TOTP second factors must be enabled for the project first."
        case .wrongCode(let server, let enrolling):
            return enrolling
                ? "\(server.message) Check the authenticator app's clock and enter the code it shows now."
                : "\(server.message) The challenge stays saved: resolve it again with the code the app shows now."
        case .enrollmentExpired(let server):
            return "\(server.message) The TOTP enrolment took too long; start it again for a new secret "
                + "(TOTPEnrollment)."
        case .codeNeeded(let enrolling, _):
            return enrolling
                ? "No code from the authenticator app was given, so nothing was enrolled; start again with a code "
                    + "source."
                : "No code from the authenticator app was given. The challenge stays saved (SecondFactorSignIn)."
        case .codeCommand(let command, let problem):
            return CodeProgramFailure(command: command, problem: problem, flow: .secondFactorSignIn(factorID: ""))
                .message(naming: "The code command \"\(command)\"", finishing: "try again")
        case .notATOTPFactor(let factor):
            return "\(FactorSelection.label(factor)) is not a TOTP second factor."
        }
    }

    /// How to sign in again the way the session did, in library terms.
    private static func reauthentication(provider: String?, email: String?) -> String {
        let address = email ?? "the account's address"
        switch provider {
        case "password":
            return "e.g. with \(address) and its password (PasswordSignIn)"
        case "emailLink":
            return "e.g. with a new sign-in link to \(address), completed to re-authenticate (EmailLinkSender)"
        case .some(let other):
            return "with \(other) as before"
        case nil:
            return "with the method you used before"
        }
    }
}

extension SecondFactorError {
    /// A refusal of a request carrying the signed-in user's ID token, read the way every MFA command reads it.
    static func accountRefusal(_ error: IdentityToolkitError, session: UserSession) -> SecondFactorError {
        guard let server = error.serverError, !error.isBackendUnavailable else { return .session(.service(error)) }
        switch server.code {
        case .credentialTooOldLoginAgain:
            return .recentLoginRequired(server, signInProvider: session.signInProvider, email: session.email)
        case .unverifiedEmail:
            return .emailNotVerified(email: session.email)
        case .unsupportedFirstFactor:
            return .unsupportedFirstFactor(server, signInProvider: session.signInProvider)
        default:
            return .session(.rejected(server))
        }
    }

    /// A storage failure, as the session errors carry it.
    static func storage(_ error: StorageError) -> SecondFactorError { .session(.storage(error)) }

    /// A texted code that could not be had, in this flow's terms: a code no source gave stays
    /// ``codeNeeded(_:)``, saved for later; anything else failed as in phone sign-in (``sms(_:)``).
    static func fromCodeStep(_ error: PhoneSignInError) -> SecondFactorError {
        if case .codeNeeded(let waiting) = error { return .codeNeeded(waiting) }
        return .sms(error)
    }

    /// The flow a wrong SMS code may be tried again in; nil for every other failure.
    var refusedFlow: SMSCodeFlow? {
        guard case .wrongCode(_, let flow) = self else { return nil }
        return flow
    }
}

/// Why a TOTP second factor (enrolling one, or signing in with one) did not finish; carried by
/// ``SecondFactorError/totp(_:)``. A front end words each case and names its own commands.
public enum TOTPProblem: Error, Sendable {
    /// The project does not offer TOTP second factors (`TOTP_NOT_ENABLED`, or `OPERATION_NOT_ALLOWED`).
    case notEnabled(ServerError)
    /// The server refused the code; `enrolling` tells enrolment (start again with a new secret only after the
    /// window closes; the same secret works until then) from sign-in (the challenge stays saved).
    case wrongCode(ServerError, enrolling: Bool)
    /// The enrolment was finalized after `finalizeEnrollmentTime` (or its session is unknown): start again.
    case enrollmentExpired(ServerError)
    /// No code source gave a code. For sign-in the challenge stays saved for the factor `factorID`.
    case codeNeeded(enrolling: Bool, factorID: String?)
    /// The code command failed.
    case codeCommand(command: String, problem: CodeProgramFailure.Problem)
    /// The chosen factor is an SMS (or unknown) one, not TOTP.
    case notATOTPFactor(EnrolledFactor)
}
