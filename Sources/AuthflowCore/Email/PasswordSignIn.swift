import AuthflowIdentityToolkit
import AuthflowStorage

/// Signs in with an email and password (`accounts:signInWithPassword`) and stores the session. Password
/// users are the usual first factor for SMS multi-factor, so a second-factor challenge is a normal result.
public struct PasswordSignIn: Sendable {
    private let environment: FlowEnvironment
    private let recaptcha: RecaptchaProtection

    /// A sign-in with `environment`'s client, for its project, keeping state in its directory; reCAPTCHA
    /// Enterprise tokens, where the project requires them, come from `recaptchaTokens`.
    public init(_ environment: FlowEnvironment, recaptchaTokens: (any RecaptchaTokenSource)? = nil) {
        self.environment = environment
        self.recaptcha = RecaptchaProtection(environment, tokens: recaptchaTokens)
    }

    /// Signs `email` in with `password`; the session is stored only when no second factor is required.
    public func signIn(email: String, password: String) async throws(SignInError) -> SignInResult {
        let address = email.trimmingWhitespace()
        do { try EmailAddressCheck.check(address) } catch { throw .invalidEmail(error) }
        // A plain sign-in carries no stored session, so every refusal is the service's (the rule
        // ``SignInEnding/refusal(_:flowCodes:)`` applies to a sign-in that is not a link).
        let reply = try await recaptcha.send(SignInWithPasswordRequest(email: address, password: password))
        return try await SignInEnding(environment, purpose: .signIn)
            .finish(reply, firstFactor: "password", email: address, previous: nil)
    }
}
