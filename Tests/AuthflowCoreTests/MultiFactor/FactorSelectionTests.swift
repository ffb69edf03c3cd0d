import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowParsing
import Foundation
import Testing

@Suite("Choosing a second factor; the saved challenge; masking")
struct FactorSelectionTests {
    static let factors = [
        EnrolledFactor(id: "ID-WORK", displayName: "Work phone", phoneNumber: "+*******0199"),
        EnrolledFactor(id: "ID-HOME", displayName: "2", phoneNumber: "+*******0188"),
        EnrolledFactor(id: "ID-TOTP", displayName: "Authenticator"),
        EnrolledFactor(id: "ID-DUP1", displayName: "spare", phoneNumber: "+*******0177"),
        EnrolledFactor(id: "ID-DUP2", displayName: "Spare", phoneNumber: "+*******0166"),
    ]

    func choose(_ selector: String) throws(SecondFactorError) -> String {
        try FactorSelection.choose(selector, among: Self.factors).id
    }

    @Test("IDs first, then names (exactly, then ignoring case), then numbers in the list")
    func order() throws {
        #expect(try choose("ID-HOME") == "ID-HOME")
        #expect(try choose(" Work phone ") == "ID-WORK")
        #expect(try choose("work PHONE") == "ID-WORK")
        #expect(try choose("2") == "ID-HOME", "a name wins over a list number")
        #expect(try choose("1") == "ID-WORK")
        #expect(try choose("spare") == "ID-DUP1", "an exact name is not ambiguous")
    }

    @Test("A name several factors share ignoring case is refused, as is one nothing matches")
    func refusals() {
        #expect {
            try FactorSelection.choose("SPARE", among: Self.factors)
        } throws: { error in
            guard case SecondFactorError.ambiguousFactor(_, let matches) = error else { return false }
            return matches.map(\.id) == ["ID-DUP1", "ID-DUP2"]
        }
        #expect {
            try FactorSelection.choose("9", among: Self.factors)
        } throws: { error in
            guard case SecondFactorError.unknownFactor("9", _) = error else { return false }
            return "\(error)".contains("1. \"Work phone\" +*******0199 (id ID-WORK)")
        }
    }

    @Test(
        "A challenge is saved only with its credential; it expires after its lifetime; the SMS is reused for 5 minutes")
    func pendingRecord() throws {
        let project = SessionProject(projectID: "demo")
        let hints = [MFAEnrollmentHint.phone]
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let withCredential = SecondFactorChallenge(
            pendingCredential: "cred", hints: hints, firstFactor: "password", email: "a@example.com", purpose: .signIn,
            project: project)
        let without = SecondFactorChallenge(
            pendingCredential: nil, hints: hints, firstFactor: "password", email: nil, purpose: .signIn,
            project: project)

        let pending = try #require(PendingSecondFactor(withCredential, receivedAt: now))
        #expect(PendingSecondFactor(without) == nil)
        #expect(pending.factors.map(\.id) == ["h1"])
        #expect(!pending.isExpired(now: now.addingTimeInterval(PendingSecondFactor.lifetime - 1)))
        #expect(pending.isExpired(now: now.addingTimeInterval(PendingSecondFactor.lifetime)))
        let sent = SentSecondFactorCode(enrollmentID: "h1", verificationID: "v", sentAt: now, verifier: .none)
        #expect(sent.isFresh(now: now.addingTimeInterval(299)))
        #expect(!sent.isFresh(now: now.addingTimeInterval(300)))
    }

    @Test("Masking keeps the last four digits, and an already masked number as it is")
    func masking() {
        #expect(PhoneNumberMask.mask("+15555550199") == "+*******0199")
        #expect(PhoneNumberMask.mask("+*******0199") == "+*******0199")
        #expect(PhoneNumberMask.mask("+123") == "+123")
    }
}

enum MFAEnrollmentHint {
    static let phone = MFAEnrollment(mfaEnrollmentId: "h1", displayName: "work phone", phoneInfo: "+*******0199")
}
