import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowStorage
import Foundation

/// An embedded backend on an ephemeral port with one password user signed in and the session stored in a
/// private temporary state directory, as a sign-in command would leave it.
public final class SignedInBackend: Sendable {
    /// The running backend.
    public let backend: EmbeddedBackend
    /// The temporary directory holding the state root (`state/`) and serving as a working directory.
    public let directory: TemporaryDirectory
    /// The state root to pass as `--state-dir`.
    public let stateRoot: StateDirectory
    /// The user's email and password.
    public let email: String
    public let password: String
    /// The session as stored right after sign-in.
    public let session: UserSession

    /// Starts a backend, creates `email`, signs it in and stores the session.
    public init(email: String = "ada@example.com", password: String = "correct horse battery") async throws {
        backend = try EmbeddedBackend(configuration: .init(port: 0))
        directory = try TemporaryDirectory()
        stateRoot = StateDirectory(path: directory.file("state"))
        self.email = email
        self.password = password
        let client = Self.client(for: backend)
        let reply = try await client.send(SignUpRequest(email: email, password: password))
        guard case .signedIn(let tokens) = reply.outcome else { throw SetupFailure(reason: "sign-up did not sign in") }
        session = SessionBuilder.session(
            tokens: tokens, reply: reply,
            project: SessionProject(projectID: backend.projectID, emulatorHost: backend.hostAndPort))
        try store.save(session)
    }

    /// A client for `backend`, as the CLI builds one for the emulator.
    public static func client(for backend: EmbeddedBackend) -> IdentityToolkitClient {
        IdentityToolkitClient(
            configuration: IdentityToolkitConfiguration(
                apiKey: "fake-api-key", server: .emulator(hostAndPort: backend.hostAndPort), authflowVersion: "test",
                retry: .none))
    }

    /// A client for this backend.
    public var client: IdentityToolkitClient { Self.client(for: backend) }

    /// The session store the CLI uses for this backend's project.
    public var store: SessionStore {
        SessionStore(
            directory: ProjectStateDirectory(
                root: stateRoot, projectID: backend.projectID, emulatorHost: backend.hostAndPort))
    }

    /// What the flows work with for this backend's project, as the CLI builds it (no configuration beyond
    /// the project).
    public var flowEnvironment: FlowEnvironment {
        FlowEnvironment(
            client: client, configuration: ProjectConfiguration(values: [:]),
            project: SessionProject(projectID: backend.projectID, emulatorHost: backend.hostAndPort),
            directory: ProjectStateDirectory(
                root: stateRoot, projectID: backend.projectID, emulatorHost: backend.hostAndPort))
    }

    /// Stores the session again with an ID token that expired a minute ago.
    public func expireStoredToken() throws {
        guard var current = try store.load() else { throw SetupFailure(reason: "no stored session") }
        current.tokens.expiresAt = Date().addingTimeInterval(-60)
        try store.save(current)
    }

    /// Environment for the `authflow` binary: this backend as the emulator, no proxies.
    public var environment: [String: String] {
        ["FIREBASE_AUTH_EMULATOR_HOST": backend.hostAndPort, "FIREBASE_PROJECT_ID": backend.projectID]
    }

    deinit {
        backend.stop()
    }
}

/// A test fixture could not be set up.
public struct SetupFailure: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
