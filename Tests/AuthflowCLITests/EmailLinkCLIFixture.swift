import AuthflowBackend
import AuthflowCore
import AuthflowStorage
import AuthflowTestSupport
import Foundation

/// The `authflow` binary against an embedded backend, with a private state directory and runtime directory
/// (so `handle-url` sees no other test's waiting flows).
final class EmailLinkCLIFixture: Sendable {
    let backend: EmbeddedBackend
    let directory: TemporaryDirectory
    let continueURL = "https://app.example.com/finish?cart=42"

    init() throws {
        backend = try EmbeddedBackend(configuration: .init(port: 0))
        directory = try TemporaryDirectory()
    }

    deinit {
        backend.stop()
    }

    var stateRoot: String { directory.file("state") }

    /// This backend as the emulator, and the isolated runtime directory.
    var environment: [String: String] {
        [
            "FIREBASE_AUTH_EMULATOR_HOST": backend.hostAndPort, "FIREBASE_PROJECT_ID": backend.projectID,
            "XDG_RUNTIME_DIR": directory.path,
        ]
    }

    /// Runs `authflow arguments --state-dir …` with this backend configured (unless `configured` is false:
    /// then only the state and runtime directories are given, as when the desktop runs `handle-url`).
    func run(
        _ arguments: [String], stdin: [UInt8]? = nil, configured: Bool = true, environment extra: [String: String] = [:]
    ) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", stateRoot], stdin: stdin,
            environment: (configured ? environment : ["XDG_RUNTIME_DIR": directory.path]).merging(extra) { _, new in new
            },
            workingDirectory: directory.path)
    }

    /// Starts `authflow arguments --state-dir …` for a test to talk to (or kill).
    func start(_ arguments: [String]) throws -> InteractiveCommand {
        try InteractiveCommand(
            arguments + ["--state-dir", stateRoot], environment: environment, workingDirectory: directory.path)
    }

    /// `email-link send EMAIL` through the binary, then the link as the oobCodes endpoint lists it.
    func sendLink(to email: String) async throws -> String {
        let sent = try await run(["email-link", "send", email, "--continue-url", continueURL])
        guard sent.exitCode == 0 else { throw Unexpected("send failed: \(sent.stderrText)") }
        return try await EmulatorEmailLinks.latest(backend, email: email)
    }

    /// The session file the CLI keeps for this backend's project.
    var sessions: SessionStore {
        SessionStore(directory: projectDirectory)
    }

    /// The pending-address file the CLI keeps for this backend's project.
    var pending: PendingEmailLinkStore {
        PendingEmailLinkStore(directory: projectDirectory)
    }

    private var projectDirectory: ProjectStateDirectory {
        ProjectStateDirectory(
            root: StateDirectory(path: stateRoot), projectID: backend.projectID, emulatorHost: backend.hostAndPort)
    }

    func isUnused(_ link: String) -> Bool {
        backend.oobCodes.contains { link.contains($0.oobCode) }
    }
}

/// A test saw something other than what it set out to check.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
