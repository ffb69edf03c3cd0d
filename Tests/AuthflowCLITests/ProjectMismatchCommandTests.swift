import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// A client configured for another project than the backend serves: the sign-in is refused before anything
/// is saved (exit 2), naming both projects and what to set.
@Suite("authflow: the backend's project against the configured one")
struct ProjectMismatchCommandTests {
    @Test("email sign-in against a backend serving another project exits 2, names both, and saves nothing")
    func signInRefused() async throws {
        let fixture = try await SignedInBackend()
        try fixture.store.remove()
        var environment = fixture.environment
        environment["FIREBASE_PROJECT_ID"] = "demo-test"
        let run = { (arguments: [String], stdin: [UInt8]?) in
            try await AuthflowCommand.run(
                arguments + ["--state-dir", fixture.stateRoot.path], stdin: stdin, environment: environment,
                workingDirectory: fixture.directory.path)
        }

        let result = try await run(
            ["email", "sign-in", fixture.email, "--password-stdin"], Array("\(fixture.password)\n".utf8))

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("project \(fixture.backend.projectID)"), "\(result.stderrText)")
        #expect(result.stderrText.contains("project demo-test"))
        #expect(result.stderrText.contains("FIREBASE_PROJECT_ID=\(fixture.backend.projectID)"))
        #expect(result.stderrText.contains("nothing was saved"))
        #expect(!result.stdoutText.contains("Signed in"))
        let whoami = try await run(["whoami"], nil)
        #expect(whoami.exitCode == 1, "nobody is signed in to demo-test: \(whoami.stdoutText)")
        #expect(try fixture.store.load() == nil)

        let matching = try await AuthflowCommand.run(
            ["email", "sign-in", fixture.email, "--password-stdin", "--state-dir", fixture.stateRoot.path],
            stdin: Array("\(fixture.password)\n".utf8), environment: fixture.environment,
            workingDirectory: fixture.directory.path)
        #expect(matching.exitCode == 0, "the same sign-in for the served project works: \(matching.stderrText)")
    }
}
