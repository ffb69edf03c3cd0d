import AuthflowBackend
import Foundation
import Testing

/// Empty lists left out of replies, as the emulator leaves out fields it never set.
@Suite("Reply shape: empty lists")
struct EmptyListTests {
    @Test("an anonymous account has no providerUserInfo in lookup or update")
    func anonymous() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()
        let idToken = try #require(signedUp["idToken"] as? String)

        let looked = try await harness.v1("accounts:lookup", ["idToken": idToken]).requireOK()
        let updated = try await harness.v1("accounts:update", ["idToken": idToken, "displayName": "Ada"]).requireOK()

        let user = try #require((looked["users"] as? [[String: Any]])?.first)
        #expect(user["providerUserInfo"] == nil)
        #expect(updated["providerUserInfo"] == nil)
    }

    @Test("an account whose last provider was unlinked shows an empty providerUserInfo, as the emulator keeps it")
    func unlinkedLast() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedIn = try await harness.idpSignIn("google.com", sub: "google-ada")
        let idToken = try #require(signedIn["idToken"] as? String)

        let updated = try await harness.v1("accounts:update", ["idToken": idToken, "deleteProvider": ["google.com"]])
            .requireOK()
        let localId = try #require(signedIn["localId"] as? String)

        #expect((updated["providerUserInfo"] as? [Any])?.isEmpty == true)
        #expect((try await harness.adminLookup(localId)["providerUserInfo"] as? [Any])?.isEmpty == true)
    }
}
