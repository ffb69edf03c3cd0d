import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// The record that a project does not enforce reCAPTCHA Enterprise, through the `authflow` binary: what
/// `--verbose` shows of the `recaptchaConfig` read, and what a user sees when the record is damaged.
@Suite("reCAPTCHA: the not-enforced record (CLI)")
struct RecaptchaRecordCLITests {
    private func reads(_ result: SubprocessResult) -> Int {
        result.stderrText.split(separator: "\n").filter { $0.contains("recaptchaConfig") }.count
    }

    private func recordPath(_ fixture: RecaptchaCLIFixture) -> String {
        RecaptchaNotEnforcedStore(directory: fixture.account.store.directory).path
    }

    @Test("email-link send reads recaptchaConfig once; the next send skips it; both send the link")
    func secondSendSkipsTheRead() async throws {
        let fixture = try await RecaptchaCLIFixture()
        let call = RecaptchaCLIFixture.sendLink

        let first = try await fixture.run(call, ["--verbose"])
        let second = try await fixture.run(call, ["--verbose"])

        #expect(first.exitCode == 0 && second.exitCode == 0, "\(first.stderrText)\(second.stderrText)")
        #expect(reads(first) == 1, "\(first.stderrText)")
        #expect(reads(second) == 0, "\(second.stderrText)")
        #expect(fixture.backend.oobCodes.count == 2)
    }

    @Test("A damaged record: the command reads the configuration and succeeds, saying nothing about it")
    func damagedRecord() async throws {
        let fixture = try await RecaptchaCLIFixture()
        let call = RecaptchaCLIFixture.sendLink
        let clean = try await fixture.run(call)
        try Data("{\"format\": 1, \"data\": {\"checkedAt\": \"yesterday".utf8)
            .write(to: URL(fileURLWithPath: recordPath(fixture)))

        let damaged = try await fixture.run(call)
        let afterwards = try await fixture.run(call, ["--verbose"])

        #expect(damaged.exitCode == 0)
        #expect(damaged.stderrText == clean.stderrText, "the same message as a run without the record")
        #expect(damaged.stdoutText == clean.stdoutText)
        #expect(reads(afterwards) == 0, "the damaged record was replaced by a good one")
        #expect(fixture.backend.oobCodes.count == 3)
    }

    @Test("Enforcing since the record: the token command's token goes with the one retry; the record is removed")
    func enforcingSinceTheRecord() async throws {
        let fixture = try await RecaptchaCLIFixture()
        let call = RecaptchaCLIFixture.sendLink
        _ = try await fixture.run(call)
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)

        let result = try await fixture.run(call, ["--recaptcha-token-command", fixture.tokenCommand, "--verbose"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(reads(result) == 1, "\(result.stderrText)")
        #expect(fixture.tokenCommandCalls == ["getOobCode \(EmbeddedBackend.standInRecaptchaSiteKey)"])
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
        #expect(!FileManager.default.fileExists(atPath: recordPath(fixture)))
        #expect(!result.stderrText.contains(RecaptchaCLIFixture.secretPart))
    }
}
