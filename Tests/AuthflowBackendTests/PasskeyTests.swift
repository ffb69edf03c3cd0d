import AuthflowBackend
import AuthflowHTTP
import Foundation
import Testing

/// The emulator's `passkey.spec.ts` ("passkey (WebAuthn) support"): v2 `accounts/passkeyEnrollment:*` and
/// `accounts/passkeySignIn:*` over HTTP.
@Suite("Passkeys")
struct PasskeyTests {
    static func enroll(
        _ harness: BackendHarness, idToken: String, credentialId: String, name: String? = nil
    ) async throws -> Reply {
        var body: [String: Any] = ["idToken": idToken, "authenticatorRegistrationResponse": ["id": credentialId]]
        if let name { body["name"] = name }
        return try await harness.v2("accounts/passkeyEnrollment:finalize", body)
    }

    static func passkeys(_ harness: BackendHarness, idToken: String) async throws -> [[String: Any]] {
        let looked = try await harness.v1("accounts:lookup", ["idToken": idToken]).requireOK()
        return (looked["users"] as? [[String: Any]])?.first?["passkeyInfo"] as? [[String: Any]] ?? []
    }

    static func idToken(_ harness: BackendHarness, email: String, displayName: String? = nil) async throws -> String {
        var body: [String: Any] = ["email": email, "password": "password123"]
        body["displayName"] = displayName
        let signedUp = try await harness.v1("accounts:signUp", body).requireOK()
        return try #require(signedUp["idToken"] as? String)
    }

    @Test("enrollment start: creation options for relying party localhost with a challenge")
    func startEnrollment() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try await Self.idToken(harness, email: "passkey-user@example.com")

        let reply = try await harness.v2("accounts/passkeyEnrollment:start", ["idToken": idToken]).requireOK()

        let options = try #require(reply["credentialCreationOptions"] as? [String: Any])
        #expect((options["rp"] as? [String: Any])?["id"] as? String == "localhost")
        #expect((options["challenge"] as? String)?.isEmpty == false)
        #expect((options["user"] as? [String: Any])?["name"] as? String == "passkey-user@example.com")
    }

    @Test("enrollment finalize: tokens and the local ID; lookup lists the passkey under its name")
    func finalizeEnrollment() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try await Self.idToken(harness, email: "passkey-user-2@example.com")

        let reply = try await Self.enroll(
            harness, idToken: idToken, credentialId: "test_credential_id_1", name: "My Security Key"
        ).requireOK()
        let passkeys = try await Self.passkeys(harness, idToken: idToken)

        #expect(reply["idToken"] is String)
        #expect(reply["refreshToken"] is String)
        #expect(reply["localId"] is String)
        #expect(passkeys.count == 1)
        #expect(passkeys.first?["credentialId"] as? String == "test_credential_id_1")
        #expect(passkeys.first?["name"] as? String == "My Security Key")
    }

    @Test("sign-in start: request options with a challenge for relying party localhost")
    func startSignIn() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v2("accounts/passkeySignIn:start", [:]).requireOK()

        let options = try #require(reply["credentialRequestOptions"] as? [String: Any])
        #expect((options["challenge"] as? String)?.isEmpty == false)
        #expect(options["rpId"] as? String == "localhost")
    }

    @Test("sign-in finalize: a registered credential signs its account in with provider passkey")
    func signIn() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try await Self.idToken(harness, email: "passkey-user-3@example.com")
        _ = try await Self.enroll(harness, idToken: idToken, credentialId: "test_credential_id_3", name: "My Key")
            .requireOK()

        let reply = try await harness.v2(
            "accounts/passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "test_credential_id_3"]]
        ).requireOK()

        let token = try #require(reply["idToken"] as? String)
        #expect(reply["refreshToken"] is String)
        let firebase = try JWTParts(token).firebase
        #expect(firebase["sign_in_provider"] as? String == "passkey")
    }

    @Test("sign-in finalize: an unknown credential is PASSKEY_CREDENTIAL_NOT_FOUND")
    func unknownCredential() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v2(
            "accounts/passkeySignIn:finalize", ["authenticatorAuthenticationResponse": ["id": "nonexistent_cred_id"]])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "PASSKEY_CREDENTIAL_NOT_FOUND")
    }

    @Test("accounts:update with deletePasskey removes that passkey and keeps the others")
    func deletePasskey() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try await Self.idToken(harness, email: "passkey-user-4@example.com")
        _ = try await Self.enroll(harness, idToken: idToken, credentialId: "cred_4_A", name: "Key A").requireOK()
        _ = try await Self.enroll(harness, idToken: idToken, credentialId: "cred_4_B", name: "Key B").requireOK()

        let updated = try await harness.v1("accounts:update", ["idToken": idToken, "deletePasskey": ["cred_4_A"]])
        let passkeys = try await Self.passkeys(harness, idToken: idToken)

        #expect(updated.status == 200)
        #expect(passkeys.map { $0["credentialId"] as? String } == ["cred_4_B"])
        #expect(passkeys.first?["name"] as? String == "Key B")
    }

    @Test("enrollment finalize: the name falls back to displayName, then to \"Unnamed Passkey\"")
    func nameFallback() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await Self.idToken(
            harness, email: "passkey-fallback@example.com", displayName: "My Display Name")
        let second = try await Self.idToken(harness, email: "passkey-fallback-2@example.com")

        _ = try await harness.v2(
            "accounts/passkeyEnrollment:finalize",
            [
                "idToken": first, "authenticatorRegistrationResponse": ["id": "fallback_cred_1"],
                "displayName": "My Display Name",
            ]
        ).requireOK()
        _ = try await Self.enroll(harness, idToken: second, credentialId: "fallback_cred_2").requireOK()

        #expect(try await Self.passkeys(harness, idToken: first).first?["name"] as? String == "My Display Name")
        #expect(try await Self.passkeys(harness, idToken: second).first?["name"] as? String == "Unnamed Passkey")
    }

    @Test("start and finalize without their required fields: MISSING_ID_TOKEN, MISSING_AUTHENTICATOR_RESPONSE")
    func missingFields() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let start = try await harness.v2("accounts/passkeyEnrollment:start", [:])
        let finalizeNoToken = try await harness.v2(
            "accounts/passkeyEnrollment:finalize", ["authenticatorRegistrationResponse": ["id": "some_cred"]])
        let finalizeNoResponse = try await harness.v2(
            "accounts/passkeyEnrollment:finalize", ["idToken": "some_token"])
        let signInNoResponse = try await harness.v2("accounts/passkeySignIn:finalize", [:])

        #expect([start, finalizeNoToken, finalizeNoResponse, signInNoResponse].map(\.status) == [400, 400, 400, 400])
        #expect(start.errorMessage == "MISSING_ID_TOKEN")
        #expect(finalizeNoToken.errorMessage == "MISSING_ID_TOKEN")
        #expect(finalizeNoResponse.errorMessage == "MISSING_AUTHENTICATOR_RESPONSE")
        #expect(signInNoResponse.errorMessage == "MISSING_AUTHENTICATOR_RESPONSE")
    }

    @Test("accounts:update deleting a passkey from an account without any is fine")
    func deleteWithoutPasskeys() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try await Self.idToken(harness, email: "passkey-no-keys@example.com")

        let updated = try await harness.v1(
            "accounts:update", ["idToken": idToken, "deletePasskey": ["nonexistent_key"]])

        #expect(updated.status == 200)
    }

    // Beyond the spec: the emulator's duplicate check.
    @Test("enrollment finalize: a credential ID already enrolled is CREDENTIAL_ALREADY_IN_USE")
    func duplicateCredential() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await Self.idToken(harness, email: "one@example.com")
        let second = try await Self.idToken(harness, email: "two@example.com")
        _ = try await Self.enroll(harness, idToken: first, credentialId: "shared").requireOK()

        let reply = try await Self.enroll(harness, idToken: second, credentialId: "shared")

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "CREDENTIAL_ALREADY_IN_USE")
    }
}
