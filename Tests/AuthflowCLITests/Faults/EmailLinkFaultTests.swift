import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// A misbehaving backend during an email-link sign-in: exit 3 with a message saying what happened, no second
/// email sent behind the user's back, and the remembered address and the link still usable.
@Suite("Backend faults: email link")
struct EmailLinkFaultTests {
    @Test(
        "Sending: exit 3, at most the one email the backend already sent, the earlier remembered address kept",
        arguments: ServerFault.all)
    func send(_ fault: ServerFault) async throws {
        let fixture = try EmailLinkCLIFixture()
        _ = try await fixture.sendLink(to: "first@example.com")
        fixture.backend.setFault(fault.fault, for: "accounts:sendOobCode", times: 1)

        let result = try await fixture.run(
            ["email-link", "send", "second@example.com", "--continue-url", fixture.continueURL],
            environment: ServerFault.environment)

        try await fault.settle()
        #expect(result.exitCode == 3, "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("authflow: "))
        #expect(result.stderrText.count < 600, "one clear message, not a dump: \(result.stderrText)")
        let emails = fixture.backend.oobCodes.filter { $0.email == "second@example.com" }.count
        #expect(emails == (fault.workDone ? 1 : 0), "the client never sends again on its own")
        #expect(
            try fixture.pending.load()?.email == "first@example.com",
            "a failed send does not replace the remembered address")
    }

    @Test(
        "Completing: exit 3, no session stored, the address still remembered; when the backend did no work the same link then signs in",
        arguments: ServerFault.all)
    func complete(_ fault: ServerFault) async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        fixture.backend.setFault(fault.fault, for: "accounts:signInWithEmailLink", times: 1)

        let failed = try await fixture.run(["email-link", "complete", link], environment: ServerFault.environment)

        try await fault.settle()
        #expect(failed.exitCode == 3, "\(failed.stderrText)")
        #expect(try fixture.sessions.load() == nil)
        #expect(try fixture.pending.load()?.email == "ada@example.com")
        #expect(
            !failed.stderrText.contains(
                URLComponents(string: link)?.queryItems?.first { $0.name == "oobCode" }?.value ?? "-"),
            "the one-time code is not echoed")
        if !fault.workDone {
            #expect(fixture.isUnused(link))
            let retried = try await fixture.run(["email-link", "complete", link])
            #expect(retried.exitCode == 0, "\(retried.stderrText)")
            #expect(try fixture.sessions.load()?.email == "ada@example.com")
        }
    }
}
