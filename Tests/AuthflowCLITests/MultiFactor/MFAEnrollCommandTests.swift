import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow mfa enroll`, `mfa list` and `mfa unenroll` against the embedded backend over real HTTP.
@Suite("authflow mfa enroll, list, unenroll")
struct MFAEnrollCommandTests {
    @Test(
        "An unverified email is refused before any SMS, pointing at `email verify`; after the link is opened, enroll adds the factor"
    )
    func enrolAfterVerification() async throws {
        let fixture = try PhoneCLIFixture()
        let signedUp = try await fixture.signUp(email: "ada@example.com")

        let refused = try await fixture.run(["mfa", "enroll", "+15555550123", "--code-command", fixture.codeCommand])
        #expect(refused.exitCode == 1)
        #expect(refused.stderrText.contains("ada@example.com is not verified yet"), "\(refused.stderrText)")
        #expect(refused.stderrText.contains("`authflow email verify`"))
        #expect(fixture.backend.verificationCodes.isEmpty, "nothing was texted")

        let verify = try await fixture.run(["email", "verify"])
        #expect(verify.exitCode == 0, "\(verify.stderrText)")
        try await fixture.openVerificationLink(for: "ada@example.com")

        let enrolled = try await fixture.run([
            "mfa", "enroll", "+15555550123", "--display-name", "Work phone", "--code-command", fixture.codeCommand,
            "--json",
        ])
        #expect(enrolled.exitCode == 0, "\(enrolled.stderrText)")
        let object = try jsonObject(enrolled.stdoutText)
        let factor = try #require(object["factor"] as? [String: Any])
        let stored = try #require(fixture.backend.accounts.first { $0.localID == signedUp.uid }?.mfaEnrollments.first)
        #expect(object["result"] as? String == "enrolled")
        #expect(object["codeSource"] as? String == "command")
        #expect(factor["id"] as? String == stored.enrollmentID)
        #expect(factor["displayName"] as? String == "Work phone")
        #expect(stored.phoneNumber == "+15555550123")
        #expect(stored.displayName == "Work phone")
        let session = try #require(try fixture.sessions.load())
        #expect(session.secondFactorID == stored.enrollmentID, "the new tokens carry the factor")
        #expect(session.enrolledFactors.map(\.id) == [stored.enrollmentID])
        #expect(try fixture.pendingEnrollment("+15555550123") == nil, "the used SMS is forgotten")
    }

    @Test("A wrong enrolment code keeps the SMS; enroll again with the right code uses it without texting again")
    func wrongCodeThenRight() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await fixture.signUp(email: "bob@example.com")
        #expect(fixture.backend.markEmailVerified(localID: session.uid))

        let wrong = try await fixture.run(["mfa", "enroll", "+15555550124", "--code", "000000"])
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderrText.contains("authflow mfa enroll +15555550124 --code CODE"), "\(wrong.stderrText)")
        #expect(try fixture.pendingEnrollment("+15555550124") != nil)
        let code = try #require(fixture.codes(for: "+15555550124").first)

        let right = try await fixture.run(["mfa", "enroll", "+15555550124", "--code", code, "--json"])
        #expect(right.exitCode == 0, "\(right.stderrText)")
        #expect(try jsonObject(right.stdoutText)["reusedVerification"] as? Bool == true)
        #expect(right.stderrText.contains("still unused"))
        #expect(fixture.backend.accounts.first { $0.localID == session.uid }?.mfaEnrollments.count == 1)

        let again = try await fixture.run(["mfa", "enroll", "+15555550124", "--code", "1"])
        #expect(again.exitCode == 1)
        #expect(again.stderrText.contains("already one of this account's second factors"))
    }

    /// The one place a status-5 failure could come from in enrolment (a code that nobody can give) is a usage
    /// error here, 2: enrolment resolves no sign-in, so its help lists no 5 (HelpTextTests checks the list).
    @Test("Without a code, a code command or a terminal, enroll exits 2, not 5, and keeps the texted SMS")
    func noCodeIsAUsageError() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await fixture.signUp(email: "dee@example.com")
        #expect(fixture.backend.markEmailVerified(localID: session.uid))

        let result = try await fixture.run(["mfa", "enroll", "+15555550126"], stdin: [])
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(try fixture.pendingEnrollment("+15555550126") != nil)
    }

    @Test("Numbers that are not E.164 are refused; CREDENTIAL_TOO_OLD_LOGIN_AGAIN says how to sign in again")
    func refusals() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await fixture.signUp(email: "cy@example.com")
        #expect(fixture.backend.markEmailVerified(localID: session.uid))

        let dashed = try await fixture.run(["mfa", "enroll", "555-555-0125"])
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"CREDENTIAL_TOO_OLD_LOGIN_AGAIN"}}"#),
            for: "accounts/mfaEnrollment:start")
        let old = try await fixture.run(["mfa", "enroll", "+15555550125", "--code", "1"])

        #expect(dashed.exitCode == 2)
        #expect(dashed.stderrText.contains("E.164"))
        #expect(old.exitCode == 1)
        #expect(old.stderrText.contains("recent sign-in"), "\(old.stderrText)")
        #expect(old.stderrText.contains("`authflow email sign-in cy@example.com`"))
        #expect(try fixture.pendingEnrollment("+15555550125") == nil, "nothing was texted")
    }

    @Test(
        "list shows masked numbers, names, dates and IDs (table and JSON); unenroll by name removes one; an unknown name is 2"
    )
    func listAndUnenroll() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount(
            "dee@example.com", factors: [("+15555550188", "work phone"), ("+15555550177", "home phone")])
        let signedIn = try await fixture.passwordSignIn(
            "dee@example.com", ["--factor", "1", "--mfa-code-command", fixture.codeCommand])
        #expect(signedIn.exitCode == 0, "\(signedIn.stderrText)")

        let table = try await fixture.run(["mfa", "list"], environment: ["LC_ALL": "C"])
        let korean = try await fixture.run(["mfa", "list"], environment: ["LC_ALL": "ko_KR.UTF-8"])
        let listed = try await fixture.run(["mfa", "list", "--json"])
        let unknown = try await fixture.run(["mfa", "unenroll", "office phone"])
        let removed = try await fixture.run(["mfa", "unenroll", "HOME PHONE"])
        let after = try await fixture.run(["mfa", "list", "--json"])

        #expect(table.exitCode == 0, "\(table.stderrText)")
        let lines = table.stdoutText.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("+*******0188") && lines[1].contains("work phone") && lines[1].contains(ids[0]))
        #expect(lines[2].contains("+*******0177") && lines[2].contains("home phone") && lines[2].contains(ids[1]))
        #expect(lines[1].contains(" UTC"), "the enrolment date: \(lines[1])")
        #expect(!table.stdoutText.contains("+15555550188"), "numbers are masked")
        #expect(lines[0].hasPrefix("#  PHONE") && lines[0].contains("ENROLLED"), "\(lines[0])")
        let koreanLines = korean.stdoutText.split(separator: "\n")
        #expect(koreanLines.count == 3 && koreanLines[0].hasPrefix("#  전화번호"), "\(korean.stdoutText)")
        #expect(koreanLines.first?.contains("등록일") == true && !korean.stdoutText.contains("ENROLLED"))
        #expect(koreanLines.dropFirst() == lines.dropFirst(), "the rows and their columns are the same in Korean")
        let factors = try #require(try jsonObject(listed.stdoutText)["factors"] as? [[String: Any]])
        #expect(factors.map { $0["id"] as? String } == ids)
        #expect(factors.map { $0["index"] as? Int } == [1, 2])
        #expect(factors.first?["phoneNumber"] as? String == "+*******0188")
        #expect(factors.first?["enrolledAt"] is String)
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderrText.contains("No second factor is called \"office phone\""))
        #expect(removed.exitCode == 0, "\(removed.stderrText)")
        #expect(removed.stdoutText.contains("Removed \"home phone\""))
        #expect(fixture.backend.accounts.first?.mfaEnrollments.map(\.enrollmentID) == [ids[0]])
        #expect((try jsonObject(after.stdoutText)["factors"] as? [[String: Any]])?.count == 1)
        #expect(try fixture.sessions.load()?.enrolledFactors.map(\.id) == [ids[0]])
    }
}

extension PhoneCLIFixture {
    func pendingEnrollment(_ number: String) throws -> PendingSecondFactorEnrollment? {
        try StateFile<PendingSecondFactorEnrollment>(
            "pending-mfa-enroll-\(try PhoneNumber(validating: number).digits).json", in: projectDirectory
        ).load()
    }
}
