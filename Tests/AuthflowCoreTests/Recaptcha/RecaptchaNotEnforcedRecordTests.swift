import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

/// A token source that hands out stand-in tokens for the action asked and counts its calls.
private final class StandInTokens: RecaptchaTokenSource {
    let count = Mutex(0)
    /// As the page: the record is about the calls that go without a token first.
    var isUnattended: Bool { false }

    func token(for request: RecaptchaTokenRequest) async throws(RecaptchaProtectionError) -> String {
        count.withLock { $0 += 1 }
        return "authflow-stand-in:\(request.action.rawValue):record-test"
    }
}

/// The record that a project does not enforce reCAPTCHA Enterprise on email/password calls, against the embedded
/// backend over HTTP. Whether `recaptchaConfig` was read is seen through a pass-through fault (`delay(.zero)`) armed
/// for a number of reads: a read uses it up.
@Suite("reCAPTCHA: the not-enforced record")
struct RecaptchaNotEnforcedRecordTests {
    private static let recaptchaConfig = "recaptchaConfig"

    private func send(
        _ fixture: SignedInBackend, _ email: String, tokens: (any RecaptchaTokenSource)? = nil
    )
        async throws(SignInError)
    {
        _ = try await RecaptchaProtection(fixture.flowEnvironment, tokens: tokens)
            .send(
                SendOobCodeRequest(
                    kind: .emailSignIn(email: email),
                    settings: .emailSignIn(continueUrl: "https://app.example.com/finish"), clientType: .web))
    }

    private func store(_ fixture: SignedInBackend) -> RecaptchaNotEnforcedStore {
        RecaptchaNotEnforcedStore(directory: fixture.flowEnvironment.directory)
    }

    /// Arms the read counter for `reads` reads of `recaptchaConfig`.
    private func countReads(_ fixture: SignedInBackend, _ reads: Int) {
        fixture.backend.setFault(.delay(.zero), for: Self.recaptchaConfig, times: reads)
    }

    @Test("The first call reads the configuration (501: none) and records it, 0600, with nothing but the date")
    func firstCallReadsAndRecords() async throws {
        let fixture = try await SignedInBackend()
        countReads(fixture, 1)
        let before = Date()

        try await send(fixture, "first@example.com")

        #expect(!fixture.backend.isFaultArmed(for: Self.recaptchaConfig), "the configuration was read")
        #expect(fixture.backend.oobCodes.count == 1)
        let path = store(fixture).path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document = try JSONParser.parse(text)
        #expect(document["data"]?.objectValue?.keys == ["checkedAt"], "\(text)")
        for secret in ["fake-api-key", EmbeddedBackend.standInRecaptchaSiteKey, "first@example.com"] {
            #expect(!text.contains(secret))
        }
        #expect(store(fixture).isNotEnforced(at: before.addingTimeInterval(60)))
    }

    @Test("A second call within the record's lifetime skips the read and goes without a token")
    func secondCallSkipsTheRead() async throws {
        let fixture = try await SignedInBackend()
        try await send(fixture, "first@example.com")
        countReads(fixture, 1)

        try await send(fixture, "second@example.com")

        #expect(fixture.backend.isFaultArmed(for: Self.recaptchaConfig), "no read")
        #expect(fixture.backend.oobCodes.map(\.email) == ["first@example.com", "second@example.com"])
        #expect(fixture.backend.recaptchaAssessments.isEmpty)
    }

    @Test("AUDIT is recorded as not enforced, and the next call skips the read")
    func auditIsRecorded() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        try await send(fixture, "first@example.com")
        countReads(fixture, 1)

        try await send(fixture, "second@example.com")

        #expect(fixture.backend.isFaultArmed(for: Self.recaptchaConfig))
        #expect(fixture.backend.oobCodes.count == 2)
    }

    @Test("Switched to ENFORCE after the record: one refusal, the configuration read again, a token, no record")
    func enforcingSinceTheRecord() async throws {
        let fixture = try await SignedInBackend()
        try await send(fixture, "first@example.com")
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        countReads(fixture, 2)
        let tokens = StandInTokens()

        try await send(fixture, "second@example.com", tokens: tokens)

        #expect(fixture.backend.isFaultArmed(for: Self.recaptchaConfig), "exactly one read of the two armed")
        #expect(tokens.count.withLock { $0 } == 1)
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
        #expect(fixture.backend.oobCodes.map(\.email) == ["first@example.com", "second@example.com"])
        #expect(!FileManager.default.fileExists(atPath: store(fixture).path), "the record is removed")

        // Without a record, the next call reads the configuration first and attaches the token at once.
        countReads(fixture, 1)
        try await send(fixture, "third@example.com", tokens: tokens)
        #expect(!fixture.backend.isFaultArmed(for: Self.recaptchaConfig))
        #expect(tokens.count.withLock { $0 } == 2)
    }

    @Test("Switched to ENFORCE after the record, no token source: the call fails as before, and nothing is sent")
    func enforcingSinceTheRecordWithoutSource() async throws {
        let fixture = try await SignedInBackend()
        try await send(fixture, "first@example.com")
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)

        let refusal: SignInError? = await {
            do throws(SignInError) {
                try await send(fixture, "second@example.com")
                return nil
            } catch {
                return error
            }
        }()

        guard case .recaptcha(.tokenNeeded(let action, let enforcement)) = refusal else {
            Issue.record("expected tokenNeeded, got \(String(describing: refusal))")
            return
        }
        #expect(action == .getOobCode && enforcement == .enforce)
        #expect(fixture.backend.oobCodes.map(\.email) == ["first@example.com"])
        #expect(!FileManager.default.fileExists(atPath: store(fixture).path))
    }

    @Test("ENFORCE is never recorded: every call reads the configuration")
    func enforceIsNeverRecorded() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        let tokens = StandInTokens()
        try await send(fixture, "first@example.com", tokens: tokens)
        countReads(fixture, 1)

        try await send(fixture, "second@example.com", tokens: tokens)

        #expect(!FileManager.default.fileExists(atPath: store(fixture).path))
        #expect(!fixture.backend.isFaultArmed(for: Self.recaptchaConfig))
        #expect(tokens.count.withLock { $0 } == 2)
    }

    @Test(
        "A damaged, foreign, old or future-dated record is ignored: the configuration is read and the record rewritten",
        arguments: [
            "not json at all", #"{"format": 1, "data": {"checkedAt": 12}}"#, #"{"format": 9, "data": {}}"#,
            #"{"format": 1, "data": {"checkedAt": "2026-01-01T00:00:00Z"}}"#,
            #"{"format": 1, "data": {"checkedAt": "2999-01-01T00:00:00Z"}}"#,
        ])
    func unusableRecordIsIgnored(_ contents: String) async throws {
        let fixture = try await SignedInBackend()
        try fixture.flowEnvironment.directory.prepare()
        try Data(contents.utf8).write(to: URL(fileURLWithPath: store(fixture).path))
        countReads(fixture, 1)

        try await send(fixture, "first@example.com")

        #expect(!fixture.backend.isFaultArmed(for: Self.recaptchaConfig), "the configuration was read")
        #expect(fixture.backend.oobCodes.count == 1)
        #expect(store(fixture).isNotEnforced(at: Date()), "replaced by a readable, recent record")
    }

    @Test("A record stands for a day, and not when its date is ahead of the clock")
    func lifetime() {
        let checked = Date(timeIntervalSince1970: 1_800_000_000)
        let record = RecaptchaNotEnforcedRecord(checkedAt: checked)
        #expect(record.isRecent(at: checked))
        #expect(record.isRecent(at: checked.addingTimeInterval(24 * 60 * 60 - 1)))
        #expect(!record.isRecent(at: checked.addingTimeInterval(24 * 60 * 60)))
        #expect(!record.isRecent(at: checked.addingTimeInterval(-1)))
    }
}
