import AuthflowCore
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

@Suite("Pending phone verifications: one private file per number")
struct PendingPhoneVerificationTests {
    static func pending(_ number: String, sentAt: Date = Date()) throws -> PendingPhoneVerification {
        PendingPhoneVerification(
            phoneNumber: try PhoneNumber(validating: number), verificationID: "session-\(number)", sentAt: sentAt,
            purpose: .link, userID: "u-1", verifier: .hosted, project: SessionProject(projectID: "demo"))
    }

    @Test("Saved per number (0600), loaded back, listed oldest first, removed; damaged files are skipped in the list")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = PendingPhoneVerificationStore(
            directory: ProjectStateDirectory(
                root: StateDirectory(path: directory.file("state")), projectID: "demo"))
        let older = try Self.pending("+15555550100", sentAt: Date().addingTimeInterval(-30))
        let newer = try Self.pending("+15555550101")

        try store.save(newer)
        try store.save(older)
        try "not json".write(toFile: store.directory.file("pending-phone-1.json"), atomically: true, encoding: .utf8)

        #expect(try store.load(older.phoneNumber) == older)
        #expect(store.all().map(\.phoneNumber.e164) == ["+15555550100", "+15555550101"])
        let mode =
            try FileManager.default.attributesOfItem(atPath: store.path(for: newer.phoneNumber))[.posixPermissions]
            as? Int
        #expect(mode == 0o600)
        #expect(store.path(for: newer.phoneNumber).hasSuffix("/pending-phone-15555550101.json"))
        try store.remove(older.phoneNumber)
        try store.remove(older.phoneNumber)
        #expect(try store.load(older.phoneNumber) == nil)
    }

    @Test("Fresh for five minutes after sending")
    func freshness() throws {
        let now = Date()
        #expect(try Self.pending("+15555550100", sentAt: now.addingTimeInterval(-299)).isFresh(now: now))
        #expect(try !Self.pending("+15555550100", sentAt: now.addingTimeInterval(-301)).isFresh(now: now))
    }
}
