import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing

/// Why a phone sign-in (or its confirmation with a code) did not produce a session. Every case says what to do
/// next; once the SMS was sent, the verification stays saved unless the server said it is dead, so
/// ``PhoneCodeConfirmation`` can finish it.
public enum PhoneSignInError: Error, Sendable, CustomStringConvertible {
    /// The number is not E.164.
    case invalidNumber(PhoneNumberError)
    /// The chosen route cannot work with this configuration; the problem says what to configure.
    case verifierUnavailable(PhoneVerifierProblem)
    /// Asking the project for its settings (authorized domains, reCAPTCHA keys) failed.
    case lookupFailed(IdentityToolkitError)
    /// Waiting for the browser ended without an answer (timeout, listener failure).
    case browser(RedirectListenerError)
    /// The person interrupted the wait (Ctrl-C).
    case interrupted
    /// The hosted reCAPTCHA page answered with `firebaseError`.
    case hostedPage(FirebaseCallbackError)
    /// The hosted page's answer held neither a token nor an error.
    case hostedPageUnknown(callbackURL: String)
    /// The loopback reCAPTCHA page reported a failure (the script did not load, the token expired).
    case recaptchaPage(RecaptchaPageFailure)
    /// `sendVerificationCode` was refused or failed; no SMS was sent.
    case sendFailed(IdentityToolkitError)
    /// The SMS was sent, but no source gave a code.
    case codeNeeded(SentSMSCode)
    /// The SMS was sent, but no code came within the time limit.
    case codeTimedOut(SentSMSCode, Duration)
    /// The code command failed or printed no code.
    case codeCommand(CodeProgramFailure)
    /// The server says the code is wrong; the verification is kept for another try.
    case wrongCode(ServerError, PhoneNumber)
    /// The server says the verification expired or is unknown; it was forgotten.
    case verificationExpired(ServerError, PhoneNumber)
    /// No verification is waiting for a code (for this number, when given).
    case noPendingVerification(PhoneNumber?, project: SessionProject)
    /// Several verifications are waiting for a code and none was chosen by number.
    case severalPending([PhoneNumber])
    /// The saved verification was started to link or re-authenticate another user than the signed-in one.
    case otherUser(startedFor: String, signedIn: String?)
    /// Linking or re-authenticating needs the stored session, which is missing or no longer accepted.
    case session(SessionError)
    /// The sign-in failed for a reason every first factor shares.
    case signIn(SignInError)

    public var description: String {
        switch self {
        case .invalidNumber(let error):
            return error.description
        case .verifierUnavailable(let problem):
            return problem.description
        case .lookupFailed(let error):
            return "Could not read the project's phone sign-in settings: \(error.description)"
        case .browser(let error):
            return error.description
        case .interrupted:
            return "Cancelled; no SMS was sent."
        case .hostedPage(let error):
            return "The reCAPTCHA page reported an error: \(error.explanation) No SMS was sent."
        case .hostedPageUnknown(let url):
            return "An unknown error occurred with the following response: \(url) No SMS was sent."
        case .recaptchaPage(let failure):
            return "\(failure) No SMS was sent."
        case .sendFailed(let error):
            return Self.sendFailure(error)
        case .codeNeeded(let sent):
            return "The SMS code was sent to \(sent.recipient), but no code was given (none passed, no code command, "
                + "page or terminal). The verification is saved: \(sent.flow.finishLater)."
        case .codeTimedOut(let sent, let limit):
            return "No SMS code arrived within \(limit.components.seconds) seconds. The verification is saved: "
                + "\(sent.flow.finishLater)."
        case .codeCommand(let failure):
            return failure.description
        case .wrongCode(let server, let number):
            let flow = SMSCodeFlow.phoneSignIn(number)
            return "\(server.message) The verification is kept: \(flow.finishLater) using the right code, or "
                + "\(flow.startAgain) with a new SMS (PhoneSignIn.Options.resend)."
        case .verificationExpired(let server, let number):
            return "\(server.message) Start again: \(SMSCodeFlow.phoneSignIn(number).startAgain)."
        case .noPendingVerification(let number, let project):
            let which = number.map { " for \($0)" } ?? ""
            return "No phone verification is waiting for a code\(which) in \(project.label). Start one with "
                + "PhoneSignIn."
        case .severalPending(let numbers):
            return "Several phone verifications are waiting for a code ("
                + numbers.map(\.e164).joined(separator: ", ") + "); choose one by its number."
        case .otherUser(let startedFor, let signedIn):
            let now = signedIn.map { "uid \($0) is signed in now" } ?? "nobody is signed in now"
            return "This verification was started for uid \(startedFor), but \(now). Sign in as that user again, "
                + "or start a new phone sign-in."
        case .session(let error):
            return error.description
        case .signIn(let error):
            return error.description
        }
    }

    /// The server codes that refuse the reCAPTCHA Enterprise fields; they get the phone flow's own advice, as
    /// the loopback route does run Enterprise.
    public static let enterpriseFieldCodes: Set<ServerErrorCode> = [
        .missingRecaptchaToken, .invalidRecaptchaToken, .recaptchaNotEnabled, .invalidRecaptchaAction,
        .missingClientType, .missingRecaptchaVersion, .invalidRecaptchaVersion, .invalidReqType,
    ]

    /// The Enterprise-field codes get the phone flow's own advice: the loopback route does run Enterprise.
    private static func sendFailure(_ error: IdentityToolkitError) -> String {
        if let code = error.serverError?.code, enterpriseFieldCodes.contains(code) {
            return "Firebase refused the reCAPTCHA Enterprise fields (\(code.rawValue)). If the project enforces "
                + "reCAPTCHA Enterprise for phone sign-in, use the loopback page (PhoneVerifier.loopback), which runs "
                + "it in the browser; otherwise check the project's reCAPTCHA settings. No SMS was sent."
        }
        return error.description + (error.isBackendUnavailable || error.serverError == nil ? "" : " No SMS was sent.")
    }
}

/// The flow's pages report their failures as this error (the listener shows them on its "sign-in failed" page),
/// so a front end words them as it words the error itself.
extension PhoneSignInError: CallbackFailure {}
