import AuthflowBackend
import Foundation
import Testing

@Suite("ID tokens and refresh")
struct TokenTests {
    @Test("ID tokens are unsigned JWTs with the emulator's claims")
    func shape() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let before = Int(Date().timeIntervalSince1970)

        let reply = try await harness.signUp(email: "ada@example.com")
        let raw = try #require(reply["idToken"] as? String)
        let token = try JWTParts(raw)
        let after = Int(Date().timeIntervalSince1970)

        #expect(raw.hasSuffix("."))
        #expect(token.signature.isEmpty)
        #expect(token.header as? [String: String] == ["alg": "none", "typ": "JWT"])
        let claims = token.claims
        #expect(claims["iss"] as? String == "https://securetoken.google.com/demo-authflow")
        #expect(claims["aud"] as? String == "demo-authflow")
        #expect(claims["sub"] as? String == reply["localId"] as? String)
        #expect(claims["user_id"] as? String == reply["localId"] as? String)
        #expect(claims["email"] as? String == "ada@example.com")
        #expect(claims["email_verified"] as? Bool == false)
        let iat = try #require(claims["iat"] as? Int)
        #expect((before...after).contains(iat))
        #expect(claims["exp"] as? Int == iat + 3600)
        #expect((before...after).contains(try #require(claims["auth_time"] as? Int)))
        #expect(token.firebase["sign_in_provider"] as? String == "password")
        #expect((token.firebase["identities"] as? [String: [String]]) == ["email": ["ada@example.com"]])
    }

    @Test("Refresh with a form body or JSON returns the secure-token reply shape")
    func refresh() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let reply = try await harness.signUp(email: "ada@example.com")
        let refreshToken = try #require(reply["refreshToken"] as? String)

        let form = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        ).requireOK()
        let json = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            json: ["grantType": "refresh_token", "refreshToken": refreshToken]
        ).requireOK()

        for body in [form, json] {
            #expect(body["expires_in"] as? String == "3600")
            #expect(body["token_type"] as? String == "Bearer")
            #expect(body["user_id"] as? String == reply["localId"] as? String)
            #expect(body["project_id"] as? String == "12345")
            #expect(body["id_token"] as? String == body["access_token"] as? String)
            #expect((body["refresh_token"] as? String)?.isEmpty == false)
            let token = try JWTParts(try #require(body["id_token"] as? String))
            #expect(token.claims["email"] as? String == "ada@example.com")
        }
    }

    @Test("Refresh errors: INVALID_REFRESH_TOKEN, MISSING_REFRESH_TOKEN, INVALID_GRANT_TYPE, missing key")
    func refreshErrors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let reply = try await harness.signUp(email: "ada@example.com")
        let refreshToken = try #require(reply["refreshToken"] as? String)

        let invalid = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [("grant_type", "refresh_token"), ("refresh_token", "bogus")])
        let missing = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k", form: [("grant_type", "refresh_token")])
        let grant = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [("grant_type", "password"), ("refresh_token", refreshToken)])
        let noKey = try await harness.post(
            "/securetoken.googleapis.com/v1/token",
            form: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
        _ = try await harness.v1("accounts:delete", ["idToken": try #require(reply["idToken"] as? String)]).requireOK()
        let deleted = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)])

        #expect(invalid.status == 400)
        #expect(invalid.errorMessage == "INVALID_REFRESH_TOKEN")
        #expect(missing.errorMessage == "MISSING_REFRESH_TOKEN")
        #expect(grant.errorMessage == "INVALID_GRANT_TYPE")
        #expect(noKey.status == 403)
        #expect(deleted.errorMessage == "INVALID_REFRESH_TOKEN")
    }
}
