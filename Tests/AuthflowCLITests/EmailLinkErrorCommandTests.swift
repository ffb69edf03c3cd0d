import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowTestSupport
import Foundation
import Testing

/// Every email-link error as the binary reports it: one clear sentence on standard error, the documented
/// exit status, and nothing lost.
@Suite("authflow email-link complete: errors")
struct EmailLinkErrorCommandTests {
    @Test("A used link exits 1; the wrong address exits 1 and keeps the remembered one")
    func refusedByTheServer() async throws {
        let fixture = try EmailLinkCLIFixture()
        let used = try await fixture.sendLink(to: "bob@example.com")
        _ = try await fixture.run(["email-link", "complete", used])
        let again = try await fixture.run(["email-link", "complete", used, "--email", "bob@example.com", "--verbose"])
        #expect(again.exitCode == 1)
        #expect(again.stderrText.contains("already been used"), "\(again.stderrText)")
        #expect(again.stderrText.contains("server said: INVALID_OOB_CODE"))

        let link = try await fixture.sendLink(to: "ada@example.com")
        let wrong = try await fixture.run(["email-link", "complete", link, "--email", "eve@example.com"])
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderrText.contains("not sent to eve@example.com"), "\(wrong.stderrText)")
        #expect(try fixture.pending.load()?.email == "ada@example.com")
        #expect(fixture.isUnused(link))
    }

    @Test("An expired link exits 1")
    func expired() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"EXPIRED_OOB_CODE"}}"#),
            for: "accounts:signInWithEmailLink")
        let result = try await fixture.run(["email-link", "complete", link])
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("has expired"), "\(result.stderrText)")
        #expect(try fixture.pending.load() != nil)
    }

    @Test("A password-reset link exits 2, saying what kind of link it is; another project's link exits 2")
    func wrongKindOrProject() async throws {
        let fixture = try EmailLinkCLIFixture()
        _ = try await SignedInBackend.client(for: fixture.backend).send(
            SignUpRequest(email: "ada@example.com", password: "pw-123456"))
        _ = try await SignedInBackend.client(for: fixture.backend).send(
            SendOobCodeRequest(kind: .passwordReset(email: "ada@example.com")))
        let reset = try await EmulatorEmailLinks.latest(
            fixture.backend, email: "ada@example.com", requestType: "PASSWORD_RESET")

        let resetResult = try await fixture.run(["email-link", "complete", reset, "--email", "ada@example.com"])
        #expect(resetResult.exitCode == 2)
        #expect(resetResult.stderrText.contains("password-reset link"), "\(resetResult.stderrText)")
        #expect(resetResult.stderrText.contains("not a sign-in link"))
        #expect(fixture.isUnused(reset))

        let link = try await fixture.sendLink(to: "ada@example.com")
        let code = try #require(ActionCodeURL(link)?.oobCode)
        let foreign =
            "https://other-project.firebaseapp.com/__/auth/action?apiKey=AIzaSyOtherProjectKey0000000000000&mode=signIn&oobCode=\(code)"
        let other = try await fixture.run(["email-link", "complete", foreign])
        #expect(other.exitCode == 2)
        #expect(other.stderrText.contains("other-project.firebaseapp.com"), "\(other.stderrText)")
        #expect(fixture.isUnused(link))
    }

    @Test("Offline (connection refused) exits 3 and says the link is still good")
    func offline() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let closed = try ClosedPort()
        let result = try await fixture.run([
            "email-link", "complete", link, "--email", "ada@example.com", "--emulator", "127.0.0.1:\(closed.port)",
        ])
        #expect(result.exitCode == 3)
        #expect(result.stderrText.contains("Could not reach Firebase Auth"), "\(result.stderrText)")
        #expect(result.stderrText.contains("the link is still good"))
        #expect(fixture.isUnused(link))
    }

    @Test("No remembered address and no terminal exits 2 and says to pass --email")
    func noAddress() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        try fixture.pending.remove()
        let result = try await fixture.run(["email-link", "complete", link])
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("Pass --email ADDRESS"), "\(result.stderrText)")
        #expect(fixture.isUnused(link))
    }

    @Test("--link with nobody signed in exits 1 and keeps the link")
    func linkWithoutSession() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let result = try await fixture.run(["email-link", "complete", link, "--link"])
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("Nobody is signed in"), "\(result.stderrText)")
        #expect(fixture.isUnused(link))
    }

    @Test(
        "Without a terminal or code source a second factor exits 5, listing the factors (JSON on standard output, no credential)"
    )
    func secondFactor() async throws {
        let fixture = try EmailLinkCLIFixture()
        let enrollment = try await SecondFactorAccount.create(on: fixture.backend, email: "ada@example.com")
        let link = try await fixture.sendLink(to: "ada@example.com")

        let result = try await fixture.run(["email-link", "complete", link, "--json"])

        #expect(result.exitCode == 5, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["result"] as? String == "secondFactorRequired")
        #expect(object["firstFactor"] as? String == "emailLink")
        let factors = try #require(object["factors"] as? [[String: Any]])
        #expect(factors.first?["id"] as? String == enrollment)
        #expect(factors.first?["phoneNumber"] as? String == "+*******0199")
        #expect(
            Set(object.keys) == [
                "result", "purpose", "firstFactor", "email", "emailSource", "continueUrl", "layers", "factors",
                "codeSentTo",
                "expiresAt", "resolveCommand",
            ], "no pending credential among them")
        #expect(object["resolveCommand"] as? String == "authflow mfa resolve")
        #expect(result.stderrText.contains("second factor"))
        #expect(result.stderrText.contains("\"work phone\""))
        #expect(try fixture.sessions.load() == nil)
    }
}
