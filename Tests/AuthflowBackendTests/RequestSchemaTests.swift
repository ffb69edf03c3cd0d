import AuthflowBackend
import Foundation
import Testing

/// Request bodies checked against the API's message types before the operation runs, as the emulator's OpenAPI
/// validation does (its `setAccountInfo.spec.ts` "should error if enrollments is not an array or undefined").
@Suite("Request schema")
struct RequestSchemaTests {
    @Test("mfa.enrollments: null is refused before the account is looked for")
    func nullEnrollments() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.ownerV1(
            "accounts:update", ["localId": "anything", "mfa": ["enrollments": NSNull()]])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Invalid JSON payload received. /mfa/enrollments must be array")
    }

    @Test(
        "a null scalar is an absent field, as the JS SDK's postBody: null is: signUp with email null makes an anonymous account"
    )
    func nullEmail() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1("accounts:signUp", ["email": NSNull(), "returnSecureToken": true])

        #expect(reply.status == 200)
        #expect(harness.backend.accounts.count == 1)
        #expect(harness.backend.accounts.first?.email == nil)
    }

    @Test("nested entries are checked with their path; the first wrong field in the API's order is named")
    func nestedPath() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.admin(
            "accounts:batchCreate",
            ["users": [["localId": "one", "providerUserInfo": [["providerId": "google.com", "rawId": ["x"]]]]]])
        let order = try await harness.v1("accounts:signInWithPassword", ["password": 1, "email": false, "idToken": 2])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Invalid JSON payload received. /users/0/providerUserInfo/0/rawId must be string")
        #expect(harness.backend.accounts.isEmpty)
        #expect(order.errorMessage == "Invalid JSON payload received. /email must be string")
    }

    @Test("numbers are taken for string fields and enum indexes, as the emulator turns them into strings")
    func numbersForStrings() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.admin(
            "accounts:batchCreate", ["users": [["localId": 12345, "createdAt": 1_700_000_000_000]]])

        #expect((try reply.requireOK()["error"] as? [Any])?.isEmpty ?? true)
        #expect(harness.backend.accounts.map(\.localID) == ["12345"])
    }
}
