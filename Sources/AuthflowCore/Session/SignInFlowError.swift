/// A flow's error type that ``SignInEnding`` reports into: every sign-in flow's error has a place for a
/// stored session that is missing, unusable or refused, and one for a sign-in that failed. The flows' enum
/// cases `session(_:)` and `signIn(_:)` are the witnesses.
protocol SignInFlowError: Error {
    /// The stored session the sign-in builds on is missing or unusable, or the server refused it.
    static func session(_ error: SessionError) -> Self
    /// The sign-in itself failed: the service, storing the session, or reading the reply.
    static func signIn(_ error: SignInError) -> Self
}

extension EmailLinkError: SignInFlowError {}
extension PhoneSignInError: SignInFlowError {}
extension AppleSignInError: SignInFlowError {}
extension SecondFactorError: SignInFlowError {}
