import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// A backend that answers with a redirect: exit 3 with a message naming the status and the target host,
/// nothing sent to the target, nothing saved, and pending state kept for another try.
@Suite("Backend faults: redirects are refused")
struct RedirectFaultTests {
    /// Where every redirect points; a followed redirect would show up here.
    private final class Target: Sendable {
        let server: RecordingServer
        init() throws { server = try RecordingServer(replying: #"{"idToken":"stolen"}"#) }
        deinit { server.stop() }
        var location: String { server.url("/captured", host: "localhost") }
        var reached: Bool { !server.requests.isEmpty }
    }

    private func expectRefused(
        _ result: SubprocessResult, status: Int, target: Target, secrets: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.exitCode == 3, "\(result.stderrText)", sourceLocation: sourceLocation)
        #expect(result.stderrText.contains("HTTP \(status)"), "\(result.stderrText)", sourceLocation: sourceLocation)
        #expect(result.stderrText.contains("to localhost"), "\(result.stderrText)", sourceLocation: sourceLocation)
        #expect(!result.stderrText.contains("/captured"), sourceLocation: sourceLocation)
        #expect(!target.reached, "the redirect's target received a request", sourceLocation: sourceLocation)
        for secret in secrets {
            #expect(
                !result.stderrText.contains(secret) && !result.stdoutText.contains(secret),
                sourceLocation: sourceLocation)
        }
    }

    @Test("Token refresh: the stored session is kept as it was")
    func tokenRefresh() async throws {
        let fixture = try await SignedInBackend()
        let target = try Target()
        try fixture.expireStoredToken()
        let before = try fixture.store.load()
        fixture.backend.setFault(.redirect(status: 301, location: target.location), for: "token", times: 1)

        let result = try await AuthflowCommand.run(
            ["token", "--state-dir", fixture.stateRoot.path], environment: fixture.environment,
            workingDirectory: fixture.directory.path)

        expectRefused(result, status: 301, target: target, secrets: [fixture.session.tokens.refreshToken])
        #expect(result.stdout.isEmpty)
        #expect(try fixture.store.load() == before)
    }

    @Test("Password sign-in: no session saved, the password not echoed")
    func passwordSignIn() async throws {
        let fixture = try await SignedInBackend()
        let target = try Target()
        try fixture.store.remove()
        fixture.backend.setFault(
            .redirect(status: 308, location: target.location), for: "accounts:signInWithPassword", times: 1)

        let result = try await AuthflowCommand.run(
            ["email", "sign-in", fixture.email, "--password-stdin", "--state-dir", fixture.stateRoot.path],
            stdin: Array((fixture.password + "\n").utf8), environment: fixture.environment,
            workingDirectory: fixture.directory.path)

        expectRefused(result, status: 308, target: target, secrets: [fixture.password])
        #expect(try fixture.store.load() == nil)
    }

    @Test("Email link: a refused send keeps the remembered address; a refused completion keeps the link usable")
    func emailLink() async throws {
        let fixture = try EmailLinkCLIFixture()
        let target = try Target()
        let link = try await fixture.sendLink(to: "ada@example.com")

        fixture.backend.setFault(
            .redirect(status: 302, location: target.location), for: "accounts:sendOobCode", times: 1)
        let send = try await fixture.run([
            "email-link", "send", "second@example.com", "--continue-url", fixture.continueURL,
        ])
        expectRefused(send, status: 302, target: target)
        #expect(try fixture.pending.load()?.email == "ada@example.com")

        fixture.backend.setFault(
            .redirect(status: 307, location: target.location), for: "accounts:signInWithEmailLink", times: 1)
        let complete = try await fixture.run(["email-link", "complete", link])
        let oobCode = URLComponents(string: link)?.queryItems?.first { $0.name == "oobCode" }?.value ?? "-"
        expectRefused(complete, status: 307, target: target, secrets: [oobCode])
        #expect(try fixture.sessions.load() == nil)
        #expect(try fixture.pending.load()?.email == "ada@example.com")
        #expect(fixture.isUnused(link))

        let retried = try await fixture.run(["email-link", "complete", link])
        #expect(retried.exitCode == 0, "\(retried.stderrText)")
        #expect(try fixture.sessions.load()?.email == "ada@example.com")
    }

    @Test("Phone: a refused sendVerificationCode texts nothing and saves nothing")
    func phoneSend() async throws {
        let fixture = try PhoneCLIFixture()
        let target = try Target()
        fixture.backend.setFault(
            .redirect(status: 303, location: target.location), for: "accounts:sendVerificationCode", times: 1)

        let result = try await fixture.run(["phone", "sign-in", "+16505550160"])

        expectRefused(result, status: 303, target: target)
        #expect(fixture.backend.verificationCodes.isEmpty)
        #expect(try fixture.pending("+16505550160") == nil)
    }
}
