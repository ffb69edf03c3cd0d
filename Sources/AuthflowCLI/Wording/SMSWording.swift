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
            return Self.reusingMessage(flow, recipient: recipient, minutesAgo: minutes)
        case .verificationNotSaved(_, let error):
            return localized(
                "The SMS was sent, but the verification could not be saved (\(error.cliMessage)); if this "
                    + "command stops, it cannot be finished with `authflow phone verify`.")
        case .codeSent(_, let recipient, let name?):
            return localized("Sent an SMS code to \(recipient) (\(name)).")
        case .codeSent(_, let recipient, nil):
            return localized("Sent an SMS code to \(recipient).")
        case .secondFactorNotSaved(.secondFactorEnrollment, let error):
            return localized(
                "The SMS was sent, but it could not be saved (\(error.cliMessage)); if this command stops, run it "
                    + "again for a new SMS.")
        case .secondFactorNotSaved(_, let error):
            return localized(
                "The SMS was sent, but the challenge could not be saved (\(error.cliMessage)); if this command "
                    + "stops, sign in again.")
        case .codeRefused(_, let triesLeft):
            return localized(
                "That SMS code is wrong; enter the code from the latest message again (\(triesLeft) left).")
        }
    }

    /// An unused SMS taken instead of texting another, with the flag that sends a new one.
    static func reusingMessage(_ flow: SMSCodeFlow, recipient: String, minutesAgo: Int?) -> String {
        let enrolment = if case .secondFactorEnrollment = flow { true } else { false }
        switch (enrolment, minutesAgo) {
        case (true, let minutes?):
            return localized(
                "An enrolment SMS sent to \(recipient) about \(minutes) min ago is still unused; using it instead of "
                    + "sending another (--resend sends a new one).")
        case (true, nil):
            return localized(
                "An enrolment SMS sent to \(recipient) is still unused; using it instead of sending another "
                    + "(--resend sends a new one).")
        case (false, let minutes?):
            return localized(
                "An SMS sent to \(recipient) about \(minutes) min ago is still unused; using it instead of sending "
                    + "another (--resend sends a new one).")
        case (false, nil):
            return localized(
                "An SMS sent to \(recipient) is still unused; using it instead of sending another (--resend sends a "
                    + "new one).")
        }
    }
}

extension CodeProgramFailure {
    /// The failure naming `--code-command` and the command that finishes later.
    var cliMessage: String {
        cliMessage(finishing: localized("finish with `\(flow.resumeCommand)`"), codeKind: localized("the SMS code"))
    }

    /// The failure naming `--code-command`; `finishing` says what to do next, `codeKind` which code it prints.
    func cliMessage(finishing: String, codeKind: String) -> String {
        let shown = "--code-command \"\(command)\""
        switch problem {
        case .notStarted(let reason):
            return localized("\(shown) could not be started: \(reason.cliMessage).")
        case .stopped:
            return localized("\(shown) was stopped.")
        case .timedOut(let limit):
            return localized("\(shown) printed no code within \(limit.components.seconds) seconds.")
        case .failed(.exited(let status)):
            return localized(
                "\(shown) exited with status \(status); see its messages above. The verification is saved: "
                    + "\(finishing).")
        case .failed(.signalled(let signal)):
            return localized(
                "\(shown) was killed by signal \(signal); see its messages above. The verification is saved: "
                    + "\(finishing).")
        case .printedNothing:
            return localized("\(shown) printed nothing on standard output; it must print \(codeKind).")
        }
    }
}
