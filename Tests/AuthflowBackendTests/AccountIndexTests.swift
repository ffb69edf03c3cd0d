import AuthflowBackend
import Foundation
import Testing

/// The accounts' indexes (by local ID, email, phone number, provider identity, tenant) stay right through every
/// kind of change: each account is found by what it has now and by nothing it had before.
@Suite("Account indexes")
struct AccountIndexTests {
    static func signIn(_ harness: BackendHarness, _ email: String, tenantID: String? = nil) async throws -> Reply {
        var body: [String: Any] = ["email": email, "password": "secret-password", "returnSecureToken": true]
        body["tenantId"] = tenantID
        return try await harness.v1("accounts:signInWithPassword", body)
    }

    @Test("an email change moves the account: the old email is free, the new one finds it")
    func emailChange() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.signUp(email: "old@example.com")
        let localId = try #require(first["localId"] as? String)

        _ = try await harness.ownerV1("accounts:update", ["localId": localId, "email": "new@example.com"]).requireOK()

        #expect(try await Self.signIn(harness, "old@example.com").errorMessage == "EMAIL_NOT_FOUND")
        #expect(try await Self.signIn(harness, "new@example.com").requireOK()["localId"] as? String == localId)
        #expect(try await harness.signInMethods("old@example.com") == [])
        let byNew = try await harness.admin(
            "accounts:lookup", ["federatedUserId": [["providerId": "password", "rawId": "new@example.com"]]])
        #expect((try byNew.requireOK()["users"] as? [[String: Any]])?.first?["localId"] as? String == localId)
        let byOld = try await harness.admin(
            "accounts:lookup", ["federatedUserId": [["providerId": "password", "rawId": "old@example.com"]]])
        #expect(try byOld.requireOK()["users"] == nil)
        let second = try await harness.signUp(email: "old@example.com")
        #expect(second["localId"] as? String != localId)
        #expect(try await Self.signIn(harness, "old@example.com").requireOK()["localId"] as? String != localId)
    }

    @Test("a deleted account's email, phone number and provider identity find nothing and can be used again")
    func deletion() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "gone@example.com")["localId"] as? String)
        _ = try await harness.ownerV1(
            "accounts:update",
            [
                "localId": localId, "phoneNumber": BackendHarness.adminPhone,
                "linkProviderUserInfo": ["providerId": "google.com", "rawId": "google-sub-1"],
            ]
        ).requireOK()

        _ = try await harness.ownerV1("accounts:delete", ["localId": localId]).requireOK()

        #expect(try await Self.signIn(harness, "gone@example.com").errorMessage == "EMAIL_NOT_FOUND")
        let byPhone = try await harness.admin("accounts:lookup", ["phoneNumber": [BackendHarness.adminPhone]])
        #expect(try byPhone.requireOK()["users"] == nil)
        let idp = try await harness.idpSignIn("google.com", sub: "google-sub-1")
        #expect(idp["isNewUser"] as? Bool == true)
        #expect(idp["localId"] as? String != localId)
        let again = try await harness.ownerV1(
            "accounts:signUp",
            ["email": "gone@example.com", "password": "secret-password", "phoneNumber": BackendHarness.adminPhone])
        let newId = try again.requireOK()["localId"] as? String
        #expect(newId != localId)
        #expect(try await Self.signIn(harness, "gone@example.com").requireOK()["localId"] as? String == newId)
        let byNewPhone = try await harness.admin("accounts:lookup", ["phoneNumber": [BackendHarness.adminPhone]])
        #expect((try byNewPhone.requireOK()["users"] as? [[String: Any]])?.first?["localId"] as? String == newId)
    }

    @Test("the same email in a project and its tenant: each finds its own account, deleting one keeps the other")
    func tenantIsolation() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let own = try #require(try await harness.signUp(email: "both@example.com")["localId"] as? String)
        let tenants = try #require(
            try await harness.signUp(email: "both@example.com", tenantID: tenantID)["localId"] as? String)

        #expect(own != tenants)
        #expect(try await Self.signIn(harness, "both@example.com").requireOK()["localId"] as? String == own)
        let inTenant = try await Self.signIn(harness, "both@example.com", tenantID: tenantID).requireOK()
        #expect(inTenant["localId"] as? String == tenants)

        _ = try await harness.v1(
            "accounts:delete", ["localId": tenants, "tenantId": tenantID], headers: BackendHarness.owner
        ).requireOK()

        #expect(
            try await Self.signIn(harness, "both@example.com", tenantID: tenantID).errorMessage == "EMAIL_NOT_FOUND")
        #expect(try await Self.signIn(harness, "both@example.com").requireOK()["localId"] as? String == own)
    }

    @Test("after thousands of imports and deletions every remaining account is found and no deleted one is")
    func manyChanges() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let count = 3000
        for first in stride(from: 0, to: count, by: 1000) {
            let users: [[String: Any]] = (first..<first + 1000).map {
                ["localId": "user\($0)", "email": "user\($0)@example.com", "rawPassword": "secret-password"]
            }
            let reply = try await harness.admin("accounts:batchCreate", ["users": users]).requireOK()
            #expect((reply["error"] as? [Any])?.isEmpty ?? true)
        }
        let deleted = (0..<count).filter { $0 % 3 != 0 }.map { "user\($0)" }
        for first in stride(from: 0, to: deleted.count, by: 1000) {
            let ids = Array(deleted[first..<min(first + 1000, deleted.count)])
            _ = try await harness.admin("accounts:batchDelete", ["localIds": ids, "force": true]).requireOK()
        }

        #expect(harness.backend.accounts.map(\.localID) == (0..<count).filter { $0 % 3 == 0 }.map { "user\($0)" })
        for index in [0, 3, 1500, 2997] {
            let reply = try await Self.signIn(harness, "user\(index)@example.com").requireOK()
            #expect(reply["localId"] as? String == "user\(index)")
        }
        for index in [1, 2, 1501, 2999] {
            #expect(try await Self.signIn(harness, "user\(index)@example.com").errorMessage == "EMAIL_NOT_FOUND")
        }
        let reused = try await harness.signUp(email: "user1@example.com")
        #expect(
            try await Self.signIn(harness, "user1@example.com").requireOK()["localId"] as? String
                == reused["localId"] as? String)
    }
}
