import AuthflowTestSupport
import Foundation
import Testing

/// A server that takes requests and never answers: the command's requests share the one
/// `AUTHFLOW_REQUEST_TIMEOUT`, however many there are, and it ends with exit 3 once that is spent. Counted by
/// connections, not by the clock: the first request spends the whole limit, so the second is never sent.
@Suite("Backend faults: a stalled server")
struct StalledServerTests {
    @Test("email-link send has two requests to make; the first spends the one request timeout, the second is not sent")
    func oneDeadlineForTheCommand() async throws {
        let server = try StalledServer()
        let directory = try TemporaryDirectory()
        let limit = 4.0
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

        #expect(result.exitCode == 3, "\(result.stderrText)")
        #expect(result.stderrText.contains("within 4"), "the message names the whole limit: \(result.stderrText)")
        // recaptchaConfig took the whole limit; sendOobCode, with nothing left, was never sent (with a limit per
        // request it would have waited the whole limit again on a second connection).
        #expect(server.connections == 1, "\(server.connections) connections: \(result.stderrText)")
    }
}
