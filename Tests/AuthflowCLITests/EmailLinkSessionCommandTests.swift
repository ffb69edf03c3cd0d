import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// `--reauth` and `--link` use the stored session; `email methods` then shows the added method.
@Suite("authflow email-link complete --reauth and --link")
struct EmailLinkSessionCommandTests {
    private func run(_ fixture: SignedInBackend, _ arguments: [String]) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path], environment: fixture.environment,
            workingDirectory: fixture.directory.path)
    }

    private func sendLink(_ fixture: SignedInBackend, to email: String) async throws -> String {
        let sent = try await run(fixture, ["email-link", "send", email, "--continue-url", "https://app.example.com/"])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        return try await EmulatorEmailLinks.latest(fixture.backend, email: email)
    }

    @Test("--reauth with the user's own link: same uid, new tokens")
    func reauthenticate() async throws {
        let fixture = try await SignedInBackend()
        let link = try await sendLink(fixture, to: fixture.email)
        let result = try await run(fixture, ["email-link", "complete", link, "--reauth"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Re-authenticated ada@example.com (uid \(fixture.session.uid))"))
        let stored = try #require(try fixture.store.load())
        #expect(stored.uid == fixture.session.uid)
        #expect(stored.tokens.idToken != fixture.session.tokens.idToken)
    }

    @Test("--reauth with someone else's link exits 1 and leaves the session alone")
    func reauthenticateAsSomeoneElse() async throws {
        let fixture = try await SignedInBackend()
        let link = try await sendLink(fixture, to: "mallory@example.com")
        let result = try await run(fixture, ["email-link", "complete", link, "--reauth"])
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("belongs to another account"), "\(result.stderrText)")
        #expect(try fixture.store.load() == fixture.session)
    }

    @Test("--link adds emailLink to the password user, which email methods then lists")
    func link() async throws {
        let fixture = try await SignedInBackend()
        let before = try await run(fixture, ["email", "methods", fixture.email, "--json"])
        #expect(try jsonObject(before.stdoutText)["methods"] as? [String] == ["password"])
        let link = try await sendLink(fixture, to: fixture.email)

        let result = try await run(fixture, ["email-link", "complete", link, "--link", "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["purpose"] as? String == "link")
        #expect((object["user"] as? [String: Any])?["uid"] as? String == fixture.session.uid)
        let after = try await run(fixture, ["email", "methods", fixture.email])
        #expect(after.stdoutText == "ada@example.com: password, emailLink\n")
    }
}
