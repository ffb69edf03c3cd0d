/// How an SMS second-factor step ended: enrolling a factor, or signing in with one.
public struct SecondFactorCompletion: Sendable {
    /// The stored session.
    public let session: UserSession
    /// The factor enrolled or used.
    public let factor: EnrolledFactor
    /// The route that proved the app for its SMS.
    public let verifier: PhoneVerifier
    /// Where the code came from.
    public let codeOrigin: PhoneCodeOrigin
    /// Whether an SMS texted earlier was used instead of texting again.
    public let reusedCode: Bool
}
