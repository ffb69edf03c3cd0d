import AuthflowBackend
import Foundation
import Testing

@Suite("signInWithIdp")
struct IdpTests {
    private static func appleJWT(_ claims: [String: Any]) throws -> String {
        func segment(_ object: [String: Any]) throws -> String {
            try JSONSerialization.data(withJSONObject: object).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                    of: "=", with: "")
        }
        return try segment(["alg": "RS256", "kid": "fake"]) + "." + segment(claims) + ".Z2FyYmFnZS1zaWduYXR1cmU"
    }

    @Test(
        "Apple with a JWT id_token in postBody: federatedId=sub, the fake access token, the id_token echoed; nonce ignored"
    )
    func appleJWTCredential() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let jwt = try Self.appleJWT([
            "sub": "apple-user-001", "email": "Ada@Privaterelay.Appleid.com", "email_verified": "true",
            "nonce": "whatever",
        ])

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": "id_token=\(jwt)&providerId=apple.com&nonce=abc",
                "returnSecureToken": true, "returnIdpCredential": true,
            ]
        ).requireOK()

        #expect(reply["providerId"] as? String == "apple.com")
        #expect(reply["federatedId"] as? String == "apple-user-001")
        #expect(reply["oauthAccessToken"] as? String == "FirebaseAuthEmulatorFakeAccessToken_apple.com")
        #expect(reply["oauthIdToken"] as? String == jwt)
        #expect(reply["email"] as? String == "ada@privaterelay.appleid.com")
        #expect(reply["emailVerified"] as? Bool == true)
        #expect(reply["isNewUser"] as? Bool == true)
        #expect(reply["idToken"] is String)
        let token = try JWTParts(try #require(reply["idToken"] as? String))
        #expect(token.firebase["sign_in_provider"] as? String == "apple.com")
        #expect((token.firebase["identities"] as? [String: [String]])?["apple.com"] == ["apple-user-001"])
    }

    @Test("providerId and a JSON id_token may come from requestUri's query; the same sub signs in to the same account")
    func requestUriCredential() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let claims =
            #"{"sub":"apple-sim-1","iss":"","aud":"","exp":0,"iat":0,"email":"sim@example.com","email_verified":true}"#
        let encoded = try #require(claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let requestUri =
            "http://\(harness.backend.hostAndPort)/emulator/auth/handler?providerId=apple.com&id_token=\(encoded)"

        let first = try await harness.v1(
            "accounts:signInWithIdp", ["requestUri": requestUri, "sessionId": "ABCDEFGHIJ", "returnSecureToken": true]
        ).requireOK()
        let second = try await harness.v1(
            "accounts:signInWithIdp", ["requestUri": requestUri, "returnSecureToken": true]
        ).requireOK()

        #expect(first["isNewUser"] as? Bool == true)
        #expect(second["isNewUser"] == nil)
        #expect(second["localId"] as? String == first["localId"] as? String)
        #expect(first["rawUserInfo"] as? String == claims)
        #expect(harness.backend.accounts.count == 1)
    }

    @Test("A non-JSON, non-JWT id_token is INVALID_IDP_RESPONSE with the emulator's exact detail; sub is required")
    func badCredentials() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let notAJWT = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "providerId=apple.com&id_token=notajwt"])
        let brokenJSON = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "providerId=apple.com&id_token={oops"])
        let noSub = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": #"providerId=apple.com&id_token={"email":"a@b.c"}"#])
        let relative = try await harness.v1(
            "accounts:signInWithIdp", ["requestUri": "/callback", "postBody": "providerId=apple.com&id_token=x"])
        let noProvider = try await harness.v1(
            "accounts:signInWithIdp", ["requestUri": "http://localhost", "postBody": #"id_token={"sub":"x"}"#])
        let accessOnly = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "providerId=apple.com&access_token=opaque"])

        #expect(notAJWT.status == 400)
        #expect(
            notAJWT.errorMessage
                == "INVALID_IDP_RESPONSE : Unable to parse id_token: notajwt ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))"
        )
        #expect(
            brokenJSON.errorMessage
                == "INVALID_IDP_RESPONSE : Unable to parse id_token: {oops ((Auth Emulator failed to parse fake id_token as strict JSON.))"
        )
        #expect(
            noSub.errorMessage
                == #"INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields. ((Missing "sub" field. This field is required and must be a unique identifier.))"#
        )
        #expect(relative.errorMessage == "INVALID_REQUEST_URI")
        #expect(
            noProvider.errorMessage?.hasPrefix(
                "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: http://localhost/") == true)
        #expect(accessOnly.status == 501)
    }

    @Test("An unverified IdP email that belongs to another account needs confirmation; no tokens")
    func needConfirmation() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost",
                "postBody": #"providerId=apple.com&id_token={"sub":"apple-ada","email":"ada@example.com"}"#,
                "returnSecureToken": true,
            ]
        ).requireOK()

        #expect(reply["needConfirmation"] as? Bool == true)
        #expect(reply["idToken"] == nil)
        #expect(reply["email"] as? String == "ada@example.com")
        #expect(reply["verifiedProvider"] as? [String] == [])
    }

    @Test(
        "Linking a credential already linked elsewhere: FEDERATED_USER_ID_ALREADY_LINKED, or a 200 errorMessage with returnIdpCredential"
    )
    func alreadyLinked() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let postBody = #"providerId=apple.com&id_token={"sub":"apple-1"}"#
        _ = try await harness.v1("accounts:signInWithIdp", ["requestUri": "http://localhost", "postBody": postBody])
            .requireOK()
        let other = try await harness.signUp(email: "bob@example.com")
        let idToken = try #require(other["idToken"] as? String)

        let plain = try await harness.v1(
            "accounts:signInWithIdp", ["requestUri": "http://localhost", "postBody": postBody, "idToken": idToken])
        let soft = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": postBody, "idToken": idToken, "returnIdpCredential": true,
            ]
        ).requireOK()

        #expect(plain.status == 400)
        #expect(plain.errorMessage == "FEDERATED_USER_ID_ALREADY_LINKED")
        #expect(soft["errorMessage"] as? String == "FEDERATED_USER_ID_ALREADY_LINKED")
        #expect(soft["oauthIdToken"] as? String == #"{"sub":"apple-1"}"#)
        #expect(soft["idToken"] == nil)
    }

    @Test("revokeToken accepts an Apple token for a signed-in user and answers {}")
    func revokeToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedIn = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": #"providerId=apple.com&id_token={"sub":"apple-1"}"#,
                "returnSecureToken": true,
            ]
        ).requireOK()
        let idToken = try #require(signedIn["idToken"] as? String)

        let revoked = try await harness.v2(
            "accounts:revokeToken",
            ["providerId": "apple.com", "tokenType": "3", "token": "auth-code", "idToken": idToken])
        let google = try await harness.v2(
            "accounts:revokeToken", ["providerId": "google.com", "token": "t", "idToken": idToken])

        #expect(revoked.status == 200)
        #expect(revoked.text == "{}")
        #expect(google.status == 400)
        #expect(harness.backend.tokenRevocations.map(\.token) == ["auth-code"])
        #expect(harness.backend.tokenRevocations.first?.tokenType == "3")
    }
}
