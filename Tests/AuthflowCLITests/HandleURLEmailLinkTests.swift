import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow handle-url` with an email sign-in link and no waiting flow: completed like `email-link
/// complete`, with the remembered address, found without any project flags.
@Suite("authflow handle-url with email sign-in links")
struct HandleURLEmailLinkTests {
    @Test("Completes a wrapped link with no project flags or environment, from the remembered link")
    func completesFromThePendingRecord() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")

        let handed = try await fixture.run(["handle-url", LinkWrapper.deepLinkID.wrap(link)], configured: false)

        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(handed.stdoutText.hasPrefix("Signed in as ada@example.com"))
        #expect(try fixture.sessions.load()?.email == "ada@example.com")
        #expect(try fixture.pending.load() == nil)

        let again = try await fixture.run(["handle-url", link], configured: false)
        #expect(again.exitCode == 1)
        #expect(again.stderrText.contains("authflow email-link complete URL --email ADDRESS"), "\(again.stderrText)")
    }

    @Test("With the project configured but no remembered address: exit 1, saying which command to run")
    func noPendingAddress() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        try fixture.pending.remove()

        let handed = try await fixture.run(["handle-url", link])

        #expect(handed.exitCode == 1)
        #expect(handed.stderrText.contains("authflow email-link complete URL --email ADDRESS"), "\(handed.stderrText)")
        #expect(fixture.isUnused(link))
    }

    @Test("A password-reset link is not completed: exit 1, saying what kind of link it is")
    func passwordResetLink() async throws {
        let fixture = try EmailLinkCLIFixture()
        let client = SignedInBackend.client(for: fixture.backend)
        _ = try await client.send(SignUpRequest(email: "ada@example.com", password: "pw-123456"))
        _ = try await client.send(SendOobCodeRequest(kind: .passwordReset(email: "ada@example.com")))
        let reset = try await EmulatorEmailLinks.latest(
            fixture.backend, email: "ada@example.com", requestType: "PASSWORD_RESET")

        let handed = try await fixture.run(["handle-url", reset], configured: false)

        #expect(handed.exitCode == 1)
        #expect(handed.stderrText.contains("password-reset link, not a sign-in link"), "\(handed.stderrText)")
        #expect(fixture.isUnused(reset))
    }
}
