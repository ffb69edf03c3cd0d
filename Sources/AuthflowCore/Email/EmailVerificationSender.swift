import AuthflowIdentityToolkit

/// Sends the signed-in user a verification email (`sendOobCode`, `VERIFY_EMAIL`). A verified email is what
/// Firebase requires before SMS multi-factor enrollment.
public struct EmailVerificationSender: Sendable {
    private let client: IdentityToolkitClient
    private let store: SessionStore
    private let project: String

    /// A sender for the session in `store`; `project` names the project in messages.
    public init(client: IdentityToolkitClient, store: SessionStore, project: String) {
        self.client = client
        self.store = store
        self.project = project
    }

    /// Sends the email with a fresh ID token, optionally continuing to `continueURL` after verification.
    /// Returns the address it went to.
    public func send(continueURL: String? = nil) async throws(SessionError) -> String {
        let session = try await TokenRefresher(client: client, store: store).freshSession(project: project)
        let settings = ActionCodeSettings(continueUrl: continueURL)
        let reply: SendOobCodeResponse
        do {
            reply = try await client.send(SendOobCodeRequest(kind: .verifyEmail(idToken: session.tokens.idToken), settings: settings))
        } catch {
            if let server = error.serverError, !error.isBackendUnavailable { throw .rejected(server) }
            throw .service(error)
        }
        return reply.email ?? session.email ?? session.uid
    }
}
