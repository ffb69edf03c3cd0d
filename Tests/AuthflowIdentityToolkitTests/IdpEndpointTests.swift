import AuthflowIdentityToolkit
import AuthflowListener
import Foundation
import Testing

@Suite("signInWithIdp, the Apple postBody, and revokeToken")
struct IdpEndpointTests {
    static let appleReply = json(
        #"{"federatedId":"apple-user-001","providerId":"apple.com","localId":"uid-a","email":"sim@example.com","emailVerified":true,"idToken":"id-a","refreshToken":"refresh-a","expiresIn":"3600","oauthIdToken":"apple-jwt","oauthAccessToken":"FirebaseAuthEmulatorFakeAccessToken_apple.com","isNewUser":true,"rawUserInfo":"{\"sub\":\"apple-user-001\"}","kind":"identitytoolkit#VerifyAssertionResponse"}"#
    )

    @Test("The web SDK's body, with the tenant from the configuration")
    func webVector() async throws {
        let exchange = try await exchange(
            SignInWithIdpRequest(
                requestUri: "request-uri", postBody: "post-body", sessionId: "session-id", pendingToken: "pending-token"
            ),
            reply: Self.appleReply, tenantID: "tenant-id"
        )

        expectTarget(exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(
            exchange.body == [
                "requestUri": "request-uri", "sessionId": "session-id", "postBody": "post-body",
                "tenantId": "tenant-id",
                "pendingToken": "pending-token", "returnSecureToken": true, "returnIdpCredential": true,
            ])
    }

    @Test("Linking adds idToken; reauthentication sends autoCreate false")
    func linkAndReauth() async throws {
        let exchange = try await exchange(
            SignInWithIdpRequest(
                requestUri: "http://localhost", postBody: "providerId=apple.com", idToken: "ACCESS_TOKEN",
                autoCreate: false),
            reply: Self.appleReply
        )

        #expect(
            exchange.body == [
                "requestUri": "http://localhost", "postBody": "providerId=apple.com", "idToken": "ACCESS_TOKEN",
                "autoCreate": false, "returnSecureToken": true, "returnIdpCredential": true,
            ])
    }

    @Test("Apple token credential: the emulator vector's fields, and every §4.4 reply field decodes")
    func appleCredential() async throws {
        let jwt = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhcHBsZS11c2VyLTAwMSJ9."
        let postBody = IdpPostBody.apple(idToken: jwt, rawNonce: "abc")
        let exchange = try await exchange(
            SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody), reply: Self.appleReply)

        #expect(postBody == "providerId=apple.com&id_token=\(jwt)&nonce=abc")
        #expect(
            exchange.body == [
                "requestUri": "http://localhost", "postBody": .string(postBody), "returnSecureToken": true,
                "returnIdpCredential": true,
            ])
        let response = exchange.response
        #expect(response.federatedId == "apple-user-001")
        #expect(response.providerId == "apple.com")
        #expect(response.emailVerified == true)
        #expect(response.oauthIdToken == "apple-jwt")
        #expect(response.oauthAccessToken == "FirebaseAuthEmulatorFakeAccessToken_apple.com")
        #expect(response.rawUserInfo == #"{"sub":"apple-user-001"}"#)
        #expect(
            response.outcome
                == .signedIn(
                    SignInTokens(idToken: "id-a", refreshToken: "refresh-a", expiresIn: "3600", localId: "uid-a")))
    }

    @Test("The Apple postBody form-encodes nonce characters and the user JSON, and decodes back to the same values")
    func applePostBodyEncoding() {
        let nonce = "a+b&c=d e/f"
        let body = IdpPostBody.apple(
            idToken: "jwt", rawNonce: nonce, name: IdpPostBody.PersonName(firstName: "First", lastName: "Last")
        )

        #expect(
            body
                == "providerId=apple.com&id_token=jwt&nonce=a%2Bb%26c%3Dd%20e%2Ff&user=%7B%22name%22%3A%7B%22firstName%22%3A%22First%22%2C%22lastName%22%3A%22Last%22%7D%7D"
        )
        let decoded = formPairs(body)
        #expect(decoded.map(\.0) == ["providerId", "id_token", "nonce", "user"])
        #expect(decoded[2].1 == nonce)
        #expect(decoded[3].1 == #"{"name":{"firstName":"First","lastName":"Last"}}"#)
        #expect(
            IdpPostBody.apple(idToken: "jwt", rawNonce: nil, name: IdpPostBody.PersonName())
                == "providerId=apple.com&id_token=jwt")
    }

    @Test("The iOS all-fields vector: providerId, id_token, access_token, oauth_token_secret, identifier")
    func oauthPostBody() {
        let body = IdpPostBody.oauth(
            providerId: "ProviderID",
            fields: [
                QueryItem(name: "id_token", value: "ProviderIDToken"),
                QueryItem(name: "access_token", value: "testProviderAccessToken"),
                QueryItem(name: "oauth_token_secret", value: "secret"),
                QueryItem(name: "identifier", value: "testInputEmail"),
            ])

        #expect(
            body
                == "providerId=ProviderID&id_token=ProviderIDToken&access_token=testProviderAccessToken&oauth_token_secret=secret&identifier=testInputEmail"
        )
        #expect(
            IdpPostBody.oauth(
                providerId: "ProviderID", fields: [QueryItem(name: "access_token", value: "testProviderAccessToken")])
                == "providerId=ProviderID&access_token=testProviderAccessToken")
    }

    @Test("needConfirmation is a conflict carrying the email; an MFA challenge is detected")
    func specialShapes() async throws {
        let confirm = try await exchange(
            SignInWithIdpRequest(requestUri: "http://localhost", postBody: "providerId=apple.com"),
            reply: json(
                #"{"needConfirmation":true,"email":"taken@example.com","verifiedProvider":["google.com"],"oauthIdToken":"x"}"#
            )
        )
        let mfa = try await exchange(
            SignInWithIdpRequest(requestUri: "http://localhost", postBody: "providerId=apple.com"),
            reply: json(
                #"{"localId":"local-id","mfaPendingCredential":"pending","mfaInfo":[{"mfaEnrollmentId":"e1","phoneInfo":"+*******1234"}]}"#
            )
        )

        #expect(confirm.response.outcome == .conflict(.needsConfirmation(email: "taken@example.com")))
        #expect(confirm.response.verifiedProvider == ["google.com"])
        #expect(
            mfa.response.outcome
                == .secondFactorRequired(
                    pendingCredential: "pending",
                    hints: [MFAEnrollment(mfaEnrollmentId: "e1", phoneInfo: "+*******1234")]
                ))
    }

    @Test("verifiedProvider as a JSON string and rawUserInfo as an object are accepted")
    func lenientIdpFields() async throws {
        let exchange = try await exchange(
            SignInWithIdpRequest(requestUri: "http://localhost"),
            reply: json(
                #"{"verifiedProvider":"[\"password\"]","rawUserInfo":{"sub":"s1","email":"e@x"},"oauthExpireIn":5183999,"idToken":"i","refreshToken":"r"}"#
            )
        )

        #expect(exchange.response.verifiedProvider == ["password"])
        #expect(exchange.response.rawUserInfo == #"{"email":"e@x","sub":"s1"}"#)
        #expect(exchange.response.oauthExpireIn == "5183999")
    }

    @Test("revokeToken: the iOS body with tokenType \"3\" as a string, and the web body with a tenant")
    func revokeToken() async throws {
        let ios = try await exchange(
            RevokeTokenRequest(
                providerId: "apple.com", tokenType: .authorizationCode, token: "apple-code", idToken: "firebase-id"),
            reply: json("{}")
        )
        let web = try await exchange(
            RevokeTokenRequest(providerId: "apple.com", tokenType: .accessToken, token: "t", idToken: "i"),
            reply: LoopbackResponse(status: 200), tenantID: "tn"
        )

        expectTarget(ios.request, "POST", "/identitytoolkit.googleapis.com/v2/accounts:revokeToken?key=test-key")
        expectHeaders(ios.request, contentType: "application/json")
        #expect(
            ios.body == ["providerId": "apple.com", "tokenType": "3", "token": "apple-code", "idToken": "firebase-id"])
        #expect(
            web.body == [
                "providerId": "apple.com", "tokenType": "ACCESS_TOKEN", "token": "t", "idToken": "i", "tenantId": "tn",
            ])
        #expect(RevokeTokenRequest.TokenType.refreshToken.rawValue == "REFRESH_TOKEN")
    }
}

/// Splits a form body into decoded pairs, independently of the module's encoder.
func formPairs(_ body: String) -> [(String, String)] {
    body.split(separator: "&").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }
}
