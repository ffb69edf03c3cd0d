import AuthflowIdentityToolkit

/// What a signed-in user can do to their own account: refresh what authflow knows of it, verify its email, or
/// delete it.
public struct AccountService: Sendable {
    private let client: IdentityToolkitClient
    private let store: SessionStore
    private let project: SessionProject

    /// Account operations for the session stored in `environment`'s directory, through its client; its
    /// project is named in messages.
    public init(_ environment: FlowEnvironment) {
        self.client = environment.client
        self.store = SessionStore(directory: environment.directory)
        self.project = environment.project
    }

    /// Looks the account up with a fresh ID token and stores what the server says about it.
    public func refreshProfile() async throws(SessionError) -> UserSession {
        let session = try await TokenRefresher(client: client, store: store).freshSession(project: project)
        let reply: LookupResponse
        do {
            reply = try await client.send(LookupRequest(idToken: session.tokens.idToken))
        } catch {
            throw Self.sessionError(error)
        }
        guard let account = reply.users.first else {
            throw .rejected(ServerError(httpStatus: 400, message: "USER_NOT_FOUND"))
        }
        let updated = SessionBuilder.applying(account, to: session)
        do {
            try store.save(updated)
        } catch {
            throw .storage(error)
        }
        return updated
    }

    /// Deletes the account on the server, then forgets the session. Firebase may demand a recent sign-in
    /// (`CREDENTIAL_TOO_OLD_LOGIN_AGAIN`); the session is then kept so the user can re-authenticate.
    public func deleteAccount() async throws(SessionError) -> UserSession {
        let session = try await TokenRefresher(client: client, store: store).freshSession(project: project)
        do {
            _ = try await client.send(DeleteAccountRequest(idToken: session.tokens.idToken))
        } catch {
            throw Self.sessionError(error)
        }
        do {
            try store.remove()
        } catch {
            throw .storage(error)
        }
        return session
    }

    /// Sends the user a verification email (`sendOobCode`, `VERIFY_EMAIL`), optionally continuing to
    /// `continueURL` afterwards; returns the address it went to. Firebase requires a verified email before
    /// SMS multi-factor enrolment.
    public func sendVerificationEmail(continueURL: String? = nil) async throws(SessionError) -> String {
        let session = try await TokenRefresher(client: client, store: store).freshSession(project: project)
        let reply: SendOobCodeResponse
        do {
            reply = try await client.send(
                SendOobCodeRequest(
                    kind: .verifyEmail(idToken: session.tokens.idToken),
                    settings: ActionCodeSettings(continueUrl: continueURL), clientType: .web))
        } catch {
            throw Self.sessionError(error)
        }
        return reply.email ?? session.email ?? session.uid
    }

    private static func sessionError(_ error: IdentityToolkitError) -> SessionError {
        if let server = error.serverError, !error.isBackendUnavailable { return .rejected(server) }
        return .service(error)
    }
}
