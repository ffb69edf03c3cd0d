/// Which flow texted an SMS code, and so how a code that could not be used now can still be used: the
/// library's structured way to say "finish this later" or "text a new one", which a front end words in its
/// own terms (the CLI names its commands).
public enum SMSCodeFlow: Sendable, Equatable {
    /// Phone sign-in with this number; a saved verification is finished with ``PhoneCodeConfirmation``, and a
    /// new SMS comes from ``PhoneSignIn`` with ``PhoneSignIn/Options/resend``.
    case phoneSignIn(PhoneNumber)
    /// Resolving a sign-in's SMS second factor with this enrollment ID; the saved challenge is finished with
    /// ``SecondFactorSignIn``.
    case secondFactorSignIn(factorID: String)
    /// Enrolling this number as an SMS second factor with ``SecondFactorEnrollment``.
    case secondFactorEnrollment(PhoneNumber)

    /// How to finish with the code later, in library terms.
    public var finishLater: String {
        switch self {
        case .phoneSignIn(let number):
            "confirm the saved verification for \(number) with the code (PhoneCodeConfirmation)"
        case .secondFactorSignIn:
            "resolve the saved second-factor challenge with the code (SecondFactorSignIn)"
        case .secondFactorEnrollment(let number):
            "enrol \(number) again with the code (SecondFactorEnrollment)"
        }
    }

    /// How to text a new code, in library terms.
    public var startAgain: String {
        switch self {
        case .phoneSignIn(let number):
            "start a new phone sign-in for \(number) (PhoneSignIn)"
        case .secondFactorSignIn(let factorID):
            "resolve the saved challenge again with factor \(factorID) (SecondFactorSignIn)"
        case .secondFactorEnrollment(let number):
            "enrol \(number) again (SecondFactorEnrollment)"
        }
    }
}
