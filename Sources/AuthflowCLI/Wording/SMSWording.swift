import AuthflowCore
import AuthflowLocalization

/// The commands that finish or restart an SMS code's flow, and the notices the SMS flows give on the way.
extension SMSCodeFlow {
    /// The command that finishes with the code later, e.g. `authflow phone verify --code CODE --phone +1…`.
    var resumeCommand: String {
        switch self {
        case .phoneSignIn(let number): "authflow phone verify --code CODE --phone \(number)"
        case .secondFactorSignIn: "authflow mfa resolve --code CODE"
        case .secondFactorEnrollment(let number): "authflow mfa enroll \(number) --code CODE"
        }
    }

    /// The command that texts a new code.
    var restartCommand: String {
        switch self {
        case .phoneSignIn(let number): "authflow phone sign-in \(number)"
        case .secondFactorSignIn(let factorID): "authflow mfa resolve --factor \(factorID)"
        case .secondFactorEnrollment(let number): "authflow mfa enroll \(number)"
        }
    }

}

extension PhoneSignInNotice {
    /// The names the SMS commands give their flows (listener messages, `handle-url`).
    enum Label {
        static let phoneSignIn = "authflow phone sign-in"
        static let secondFactorSignIn = "authflow mfa resolve"
        static let secondFactorEnrollment = "authflow mfa enroll"
    }

    /// The notice with the CLI's flags and commands.
    var cliMessage: String {
        switch self {
        case .provingApp(let plan):
            return localized(
                "Proving the app with the \(plan.verifier.rawValue) reCAPTCHA page: \(plan.reason.cliMessage).")
        case .reusingUnusedSMS(let flow, let recipient, let minutes):
            return Self.reusing(flow, recipient: recipient, minutesAgo: minutes) + " (--resend sends a new one)."
        case .verificationNotSaved(_, let error):
            return localized(
                "The SMS was sent, but the verification could not be saved (\(error.cliMessage)); if this "
                    + "command stops, it cannot be finished with `authflow phone verify`.")
        }
    }
}

extension CodeProgramFailure {
    /// The failure naming `--code-command` and the command that finishes later.
    var cliMessage: String {
        message(naming: "--code-command \"\(command)\"", finishing: "finish with `\(flow.resumeCommand)`")
    }
}
