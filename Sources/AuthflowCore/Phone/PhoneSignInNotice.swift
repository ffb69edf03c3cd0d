import AuthflowStorage

/// Something a phone sign-in (or an SMS second factor) tells the person on the way, as data: a front end words
/// it with its own names (the CLI names its flags and commands). ``PhoneSignInInteraction/notice(_:)`` gets
/// it; by default it is passed to ``PhoneSignInInteraction/note(_:)`` in library terms.
public enum PhoneSignInNotice: Sendable, Equatable, CustomStringConvertible {
    /// The app is about to be proven with this plan's page.
    case provingApp(PhoneVerificationPlan)
    /// An earlier SMS `flow` texted to `recipient` (about `minutesAgo` minutes ago, when known) is still unused
    /// and is used instead of texting another.
    case reusingUnusedSMS(SMSCodeFlow, recipient: String, minutesAgo: Int?)
    /// The SMS was sent, but the verification could not be saved, so it cannot be finished later.
    case verificationNotSaved(SMSCodeFlow, StorageError)
    /// An SMS code was texted to `recipient` (masked for a second factor) for `flow`; `factorName` is the second
    /// factor's display name, when it has one.
    case codeSent(SMSCodeFlow, recipient: String, factorName: String?)
    /// A second factor's SMS was texted, but the pending sign-in or enrolment could not be saved, so the command
    /// cannot be resumed later.
    case secondFactorNotSaved(SMSCodeFlow, StorageError)
    /// The code typed at the terminal for `flow` was refused as wrong; the same SMS stays usable and the prompt
    /// asks again, `triesLeft` more times at most (``PhoneCodeOrigin/tries``).
    case codeRefused(SMSCodeFlow, triesLeft: Int)

    public var description: String {
        switch self {
        case .provingApp(let plan):
            return "Proving the app with the \(plan.verifier.rawValue) reCAPTCHA page: \(plan.reason)."
        case .reusingUnusedSMS(let flow, let recipient, let minutes):
            return Self.reusing(flow, recipient: recipient, minutesAgo: minutes)
                + " (PhoneSignIn.Options.resend sends a new one)."
        case .verificationNotSaved(let flow, let error):
            return "The SMS was sent, but the verification could not be saved (\(error)); if this stops, it "
                + "cannot be finished later (\(flow.finishLater))."
        case .codeSent(_, let recipient, let name?):
            return "Sent an SMS code to \(recipient) (\(name))."
        case .codeSent(_, let recipient, nil):
            return "Sent an SMS code to \(recipient)."
        case .secondFactorNotSaved(let flow, let error):
            return "The SMS was sent, but it could not be saved (\(error)); if this stops, it cannot be finished "
                + "later (\(flow.finishLater))."
        case .codeRefused(_, let triesLeft):
            return "That SMS code is wrong; enter the code from the latest message again (\(triesLeft) left)."
        }
    }

    /// The sentence before the advice on sending a new SMS, shared by every front end.
    public static func reusing(_ flow: SMSCodeFlow, recipient: String, minutesAgo: Int?) -> String {
        let sms = if case .secondFactorEnrollment = flow { "An enrolment SMS" } else { "An SMS" }
        let when = minutesAgo.map { " about \($0) min ago" } ?? ""
        return "\(sms) sent to \(recipient)\(when) is still unused; using it instead of sending another"
    }
}
