import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// A misbehaving backend during a phone sign-in: exit 3 with one clear message, no SMS sent again behind the
/// user's back, and the saved verification still there to finish.
@Suite("Backend faults: phone")
struct PhoneFaultTests {
    @Test(
        "Sending the SMS: exit 3, at most the one SMS the backend already sent, an earlier verification kept",
        arguments: ServerFault.all)
    func send(_ fault: ServerFault) async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.run(["phone", "sign-in", "+16505550150", "--code", "000000"])
        let earlier = try #require(try fixture.pending("+16505550150"), "a wrong code keeps the verification")
        fixture.backend.setFault(fault.fault, for: "accounts:sendVerificationCode", times: 1)

        let result = try await fixture.run(["phone", "sign-in", "+16505550151"], environment: ServerFault.environment)

        try await fault.settle()
        #expect(result.exitCode == 3, "\(result.stderrText)")
        #expect(result.stderrText.count < 600, "one clear message, not a dump: \(result.stderrText)")
        let texts = fixture.backend.verificationCodes.filter { $0.phoneNumber == "+16505550151" }.count
        #expect(texts == (fault.workDone ? 1 : 0), "the client never texts again on its own")
        #expect(try fixture.pending("+16505550151") == nil, "nothing to resume without a verification ID")
        #expect(try fixture.pending("+16505550150") == earlier)
    }

    @Test(
        "Confirming the code: exit 3, no session, the verification kept; when the backend did no work, phone verify then signs in",
        arguments: ServerFault.all)
    func confirm(_ fault: ServerFault) async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.run([
            "phone", "sign-in", "+16505550152", "--code", fixture.wrongCode(for: "+16505550152"),
        ])
        let saved = try #require(try fixture.pending("+16505550152"))
        let code = try #require(fixture.code(for: "+16505550152"))
        fixture.backend.setFault(fault.fault, for: "accounts:signInWithPhoneNumber", times: 1)

        let failed = try await fixture.run(["phone", "verify", "--code", code], environment: ServerFault.environment)

        try await fault.settle()
        #expect(failed.exitCode == 3, "\(failed.stderrText)")
        #expect(try fixture.sessions.load() == nil)
        #expect(try fixture.pending("+16505550152") == saved)
        #expect(!failed.stderrText.contains(saved.verificationID), "the verification ID is not echoed")
        if !fault.workDone {
            let retried = try await fixture.run(["phone", "verify", "--code", code])
            #expect(retried.exitCode == 0, "\(retried.stderrText)")
            #expect(fixture.smsSent == 1)
        }
    }
}
