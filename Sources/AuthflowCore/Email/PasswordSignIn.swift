import AuthflowIdentityToolkit
import AuthflowStorage

/// Signs in with an email and password (`accounts:signInWithPassword`) and stores the session. Password
/// users are the usual first factor for SMS multi-factor, so a second-factor challenge is a normal result.
public struct PasswordSignIn: Sendable {
    private let environment: FlowEnvironment

    /// A sign-in with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// Signs `email` in with `password`; the session is stored only when no second factor is required.
    public func signIn(email: String, password: String) async throws(SignInError) -> SignInResult {
        let address = email.trimmingWhitespace()
        let reply: SignInWithPasswordResponse
        do {
            reply = try await environment.client.send(SignInWithPasswordRequest(email: address, password: password))
        } catch {
            // A plain sign-in carries no stored session, so every refusal is the service's (the rule
            // ``SignInEnding/refusal(_:flowCodes:)`` applies to a sign-in that is not a link).
            throw .service(error)
        }
        return try await SignInEnding(environment, purpose: .signIn)
            .finish(reply, firstFactor: "password", email: address, previous: nil)
    }
}
