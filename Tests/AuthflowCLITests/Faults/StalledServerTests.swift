import AuthflowTestSupport
import Foundation
import Testing

/// A server that takes requests and never answers: the command's requests share the one
/// `AUTHFLOW_REQUEST_TIMEOUT`, however many there are, and it ends with exit 3 once that is spent.
@Suite("Backend faults: a stalled server")
struct StalledServerTests {
    @Test("email-link send makes two requests, and both together end within the one request timeout")
    func oneDeadlineForTheCommand() async throws {
        let server = try StalledServer()
        let directory = try TemporaryDirectory()
        let limit = 4.0
        let started = ContinuousClock.now
        let result = try await AuthflowCommand.run(
            [
                "email-link", "send", "ada@example.com", "--continue-url", "https://app.example.com/finish",
                "--state-dir", directory.file("state"),
            ],
            environment: [
                "FIREBASE_AUTH_EMULATOR_HOST": server.hostAndPort, "FIREBASE_PROJECT_ID": "demo-stalled",
                "XDG_RUNTIME_DIR": directory.path, "AUTHFLOW_REQUEST_TIMEOUT": "\(Int(limit))",
            ],
            workingDirectory: directory.path)
        let took = ContinuousClock.now - started

        #expect(result.exitCode == 3, "\(result.stderrText)")
        #expect(result.stderrText.contains("within 4"), "the message names the whole limit: \(result.stderrText)")
        // Two requests of the whole limit each would take twice as long; 1.8 times leaves room for a slow start.
        #expect(took < .seconds(limit * 1.8), "took \(took) for a limit of \(limit) s: \(result.stderrText)")
    }
}
