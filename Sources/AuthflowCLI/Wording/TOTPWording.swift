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
        case .wrongCode(let server, let enrolling):
            return enrolling
                ? localized(
                    "\(server.cliMessage) Check that the app's clock is right and enter the code it shows now; nothing "
                        + "was enrolled (run `authflow mfa enroll --totp` again for a new secret).")
                : localized(
                    "\(server.cliMessage) The challenge stays saved: run `authflow mfa resolve --code CODE` with the "
                        + "code the app shows now.")
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
}
