import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowStorage
import AuthflowTestSupport

/// An embedded backend over real HTTP and a private state directory, with the email-link flow wired to them
/// as the CLI wires it.
final class EmailLinkFixture: Sendable {
    let backend: EmbeddedBackend
    let directory: TemporaryDirectory
    let stateRoot: StateDirectory
    let continueURL = "https://app.example.com/finish?cart=42"

    init() throws {
        backend = try EmbeddedBackend(configuration: .init(port: 0))
        directory = try TemporaryDirectory()
        stateRoot = StateDirectory(path: directory.file("state"))
    }

    deinit {
        backend.stop()
    }

    var client: IdentityToolkitClient { SignedInBackend.client(for: backend) }
    var project: SessionProject { SessionProject(projectID: backend.projectID, emulatorHost: backend.hostAndPort) }
    var projectDirectory: ProjectStateDirectory {
        ProjectStateDirectory(root: stateRoot, projectID: backend.projectID, emulatorHost: backend.hostAndPort)
    }
    var sessions: SessionStore { SessionStore(directory: projectDirectory) }
    /// What the flows work with, as the CLI builds it (no configuration beyond the project).
    var flowEnvironment: FlowEnvironment {
        FlowEnvironment(
            client: client, configuration: ProjectConfiguration(values: [:]), project: project,
            directory: projectDirectory)
    }
    var pending: PendingEmailLinkStore { PendingEmailLinkStore(directory: projectDirectory) }

    /// Sends a sign-in link with authflow's sender and reads it back from the oobCodes endpoint.
    func sendLink(to email: String) async throws -> String {
        _ = try await EmailLinkSender(flowEnvironment)
            .send(to: email, settings: ActionCodeSettings(continueUrl: continueURL))
        return try await EmulatorEmailLinks.latest(backend, email: email)
    }

    /// The completion the CLI runs, offline (no short links here), asking `askForEmail` when it must.
    func completion(askForEmail: EmailLinkCompletion.EmailQuestion? = nil) -> EmailLinkCompletion {
        EmailLinkCompletion(flowEnvironment, inspector: LinkInspector(resolver: nil), askForEmail: askForEmail)
    }

    /// Stores a session for a new account made by `request`, as a sign-in command would.
    func signIn(_ request: SignUpRequest) async throws -> UserSession {
        let reply = try await client.send(request)
        guard case .signedIn(let tokens) = reply.outcome else { throw Unexpected("sign-up did not sign in") }
        let session = SessionBuilder.session(tokens: tokens, reply: reply, project: project)
        try sessions.save(session)
        return session
    }

    /// Whether the backend still holds `link`'s code unused.
    func isUnused(_ link: String) -> Bool {
        backend.oobCodes.contains { link.contains($0.oobCode) }
    }
}

/// The session of a `.signedIn` result, or a failure naming what came instead.
func signedInSession(_ result: SignInResult) throws -> UserSession {
    guard case .signedIn(let session, _) = result else { throw Unexpected("expected signedIn, got \(result)") }
    return session
}

/// A test saw something other than what it set out to check.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
