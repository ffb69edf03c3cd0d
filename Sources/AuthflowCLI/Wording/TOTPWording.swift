import AuthflowCore
import AuthflowLocalization

/// TOTP second factors' failures with the CLI's flags and commands.
extension TOTPProblem {
    var cliMessage: String {
        switch self {
        case .notEnabled(let server):
            return localized(
                "\(server.cliMessage) Enable TOTP for the project (Identity Platform, multi-factor authentication), "
                    + "or enroll a phone number with `authflow mfa enroll +NUMBER`.")
        case .wrongCode(_, let enrolling):
            // The server answers INVALID_CODE alike for a wrong code and for one already used in its window
            // (production and the embedded backend); the sentence names both rather than guess.
            return enrolling
                ? localized(
                    "\(Self.wrongCodeSentence(enrolling: true)) Nothing was enrolled (run "
                        + "`authflow mfa enroll --totp` again for a new secret).")
                : localized(
                    "\(Self.wrongCodeSentence(enrolling: false)) The challenge stays saved: run "
                        + "`authflow mfa resolve --code CODE` with the code the app shows now.")
        case .enrollmentExpired(let server):
            return localized(
                "\(server.cliMessage) The enrolment took too long; run `authflow mfa enroll --totp` again for a "
                    + "new secret.")
        case .codeNeeded(let enrolling, let factorID):
            return enrolling
                ? localized(
                    "No code was given and there is no terminal to ask. Pass --code-command (it runs with the otpauth "
                        + "URI in $AUTHFLOW_TOTP_URI), or run on a terminal. Nothing was enrolled.")
                : localized(
                    "The TOTP factor needs a code from the authenticator app. Finish with "
                        + "`authflow mfa resolve\(factorID.map { " --factor \($0)" } ?? "") --code CODE`.")
        case .codeCommand(let command, let problem):
            return CodeProgramFailure(command: command, problem: problem, flow: .secondFactorSignIn(factorID: ""))
                .cliMessage(finishing: localized("run the command again"), codeKind: localized("the TOTP code"))
        case .notATOTPFactor(let factor):
            return localized(
                "\(FactorWording.label(factor)) is not a TOTP second factor. Choose another with --factor.")
        }
    }

    /// Why an authenticator app's code was refused, said before another try at the terminal or the way out. A new
    /// secret has no used code yet; a factor's code works once, so the one just used is refused until the app
    /// shows the next.
    /// A wrong code typed at the terminal, before the prompt asks again.
    static func triesLeft(enrolling: Bool, _ left: Int) -> String {
        localized("\(wrongCodeSentence(enrolling: enrolling)) Try again (\(left) left).")
    }

    static func wrongCodeSentence(enrolling: Bool) -> String {
        enrolling
            ? localized(
                "That is not the code the authenticator app shows now. Check that the device's clock is right and "
                    + "enter the current code.")
            : localized(
                "The authenticator app's code was not accepted: it is wrong, or it was already used (each code works "
                    + "once; if you just used this one, wait for the app's next code, at most 30 seconds).")
    }
}
