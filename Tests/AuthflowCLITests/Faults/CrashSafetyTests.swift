import AuthflowBackend
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// kill -9 at each step of an email-link and a phone sign-in where a request is in flight, then resume and
/// finish. (Killed while waiting for the SMS code: `PhoneNoneRouteTests.resumeAfterKill`.) The backend holds the
/// request long enough to kill the client mid-exchange, then does the work anyway, as a real server would.
@Suite("Crash safety: kill -9 mid-request, then resume")
struct CrashSafetyTests {
    @Test(
        "Email link: killed while sending, then while completing; the remembered address survives and a new link signs in"
    )
    func emailLink() async throws {
        let fixture = try EmailLinkCLIFixture()
        _ = try await fixture.sendLink(to: "first@example.com")

        let sending = try await Self.killInFlight(fixture.backend, "accounts:sendOobCode") {
            try fixture.start(["email-link", "send", "ada@example.com", "--continue-url", fixture.continueURL])
        } done: {
            fixture.backend.oobCodes.contains { $0.email == "ada@example.com" }
        }
        #expect(sending == .signalled(SIGKILL))
        #expect(try fixture.pending.load()?.email == "first@example.com", "the reply never came, so nothing changed")

        let link = try await fixture.sendLink(to: "ada@example.com")
        #expect(try fixture.pending.load()?.email == "ada@example.com")
        let completing = try await Self.killInFlight(fixture.backend, "accounts:signInWithEmailLink") {
            try fixture.start(["email-link", "complete", link])
        } done: {
            !fixture.isUnused(link)
        }
        #expect(completing == .signalled(SIGKILL))
        #expect(try fixture.sessions.load() == nil)
        #expect(try fixture.pending.load()?.email == "ada@example.com", "kept until a sign-in is stored")

        // The server used the link after the client died: it says so and keeps the address for a new link.
        let reused = try await fixture.run(["email-link", "complete", link])
        #expect(reused.exitCode == 1, "\(reused.stderrText)")
        #expect(try fixture.pending.load()?.email == "ada@example.com")
        let fresh = try await fixture.sendLink(to: "ada@example.com")
        let finished = try await fixture.run(["email-link", "complete", fresh])
        #expect(finished.exitCode == 0, "\(finished.stderrText)")
        #expect(try fixture.sessions.load()?.email == "ada@example.com")
        #expect(try fixture.pending.load() == nil)
    }

    @Test("Phone: killed while sending the SMS, then while confirming the code; each time a new sign-in finishes")
    func phone() async throws {
        let fixture = try PhoneCLIFixture()
        let number = "+16505550160"
        let sending = try await Self.killInFlight(fixture.backend, "accounts:sendVerificationCode") {
            try fixture.start(["phone", "sign-in", number])
        } done: {
            fixture.code(for: number) != nil
        }
        #expect(sending == .signalled(SIGKILL))
        #expect(try fixture.pending(number) == nil, "no verification ID came back, so there is nothing to resume")

        let waiting = try fixture.start(["phone", "sign-in", number])
        try await waiting.waitForStandardError { $0.contains("Sent an SMS code") ? $0 : nil }
        waiting.send(signal: SIGKILL)
        _ = await waiting.finish()
        let saved = try #require(try fixture.pending(number))
        let code = try #require(fixture.code(for: number))
        let confirming = try await Self.killInFlight(fixture.backend, "accounts:signInWithPhoneNumber") {
            try fixture.start(["phone", "verify", "--code", code])
        } done: {
            fixture.backend.accounts.contains { $0.phoneNumber == number }
        }
        #expect(confirming == .signalled(SIGKILL))
        #expect(try fixture.sessions.load() == nil)
        #expect(try fixture.pending(number) == saved, "kept until a sign-in is stored")

        let resumed = try await fixture.run(["phone", "verify", "--code", code])
        if resumed.exitCode != 0 {
            // The server used the code after the client died: the verification is gone; a new sign-in works.
            #expect(resumed.exitCode == 1, "\(resumed.stderrText)")
            let again = try await fixture.run([
                "phone", "sign-in", number, "--resend", "--code-command", fixture.codeCommand,
            ])
            #expect(again.exitCode == 0, "\(again.stderrText)")
        }
        #expect(try fixture.sessions.load()?.phoneNumber == number)
        #expect(try fixture.pending(number) == nil)
    }

    /// Holds `endpoint` for 5 s, starts the command, kills it with SIGKILL as soon as its request reached the
    /// backend, and waits until the backend has done the held request's work (`done`).
    static func killInFlight(
        _ backend: EmbeddedBackend, _ endpoint: String, start: () throws -> InteractiveCommand, done: () -> Bool
    ) async throws -> ChildProcess.Termination {
        backend.setFault(.delay(.seconds(5)), for: endpoint, times: 1)
        let command = try start()
        // A thread of its own watches for the request: the test pool may be busy for seconds with other suites.
        Thread {
            let deadline = ContinuousClock.now + .seconds(60)
            while backend.isFaultArmed(for: endpoint), ContinuousClock.now < deadline { usleep(2000) }
            command.send(signal: SIGKILL)
        }.start()
        let deadline = ContinuousClock.now + .seconds(60)
        let termination = await command.finish()
        while !done(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return termination
    }
}
