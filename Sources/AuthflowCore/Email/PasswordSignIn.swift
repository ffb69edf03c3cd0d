import AuthflowIdentityToolkit
import AuthflowStorage

/// Signs in with an email and password (`accounts:signInWithPassword`) and stores the session. Password
/// users are the usual first factor for SMS multi-factor, so a second-factor challenge is a normal result.
public struct PasswordSignIn: Sendable {
    private let client: IdentityToolkitClient
    private let project: SessionProject
    private let directory: ProjectStateDirectory

    /// A sign-in through `client` for `project`, whose state lives in `directory`.
    public init(client: IdentityToolkitClient, project: SessionProject, directory: ProjectStateDirectory) {
        self.client = client
        self.project = project
        self.directory = directory
    }

    /// Signs `email` in with `password`; the session is stored only when no second factor is required.
    public func signIn(email: String, password: String) async throws(SignInError) -> SignInResult {
        let address = email.trimmingWhitespace()
        let reply: SignInWithPasswordResponse
        do {
            reply = try await client.send(SignInWithPasswordRequest(email: address, password: password))
        } catch {
            throw .service(error)
        }
        let result = try SignInResult.reading(
            reply, project: project, purpose: .signIn, firstFactor: "password", email: address, previous: nil,
            expectedUID: nil)
        if case .signedIn(let session, _) = result {
            do {
                try await SessionStore(directory: directory).saveSignedIn(session)
            } catch {
                throw .storage(error)
            }
        }
        return result
    }
}
