import AuthflowBackend
import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation
import Testing

@Suite("Against the embedded backend: signInWithIdp")
struct IdpAgainstBackendTests {
    /// A nonce with every character a form decoder would misread if it were sent raw.
    static let nonce = "n0nce&x=1+2 /?%"

    @Test("Apple with a JSON-claims id_token via IdpPostBody.apple: the token, nonce and name survive form encoding")
    func appleJSONClaims() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let idToken = try jsonText([
            "sub": "apple-user-001", "email": "ada@privaterelay.appleid.com", "email_verified": true,
            "iss": "https://appleid.apple.com",
        ])

        let reply = try await live.send(
            SignInWithIdpRequest(
                requestUri: "http://localhost",
                postBody: IdpPostBody.apple(
                    idToken: idToken, rawNonce: Self.nonce, name: .init(firstName: "Ada", lastName: "Lovelace"))
            ))

        let tokens = try live.signedIn(reply.outcome)
        #expect(reply.providerId == "apple.com")
        #expect(reply.federatedId == "apple-user-001")
        #expect(reply.oauthIdToken == idToken)
        #expect(reply.oauthAccessToken == "FirebaseAuthEmulatorFakeAccessToken_apple.com")
        #expect(reply.email == "ada@privaterelay.appleid.com")
        #expect(reply.emailVerified == true)
        #expect(reply.isNewUser == true)
        let rawUserInfo = try #require(reply.rawUserInfo)
        let profile = try #require(try JSONParser.parse(rawUserInfo).objectValue)
        #expect(profile["sub"]?.stringValue == "apple-user-001")
        let account = try #require(live.backend.accounts.first)
        #expect(tokens.localId == account.localID)
        #expect(account.providers.map(\.providerID) == ["apple.com"])
        #expect(account.providers.first?.rawID == "apple-user-001")
        let claims = try JWTClaims(tokens.idToken)
        #expect(claims.firebase["sign_in_provider"] as? String == "apple.com")
        #expect((claims.firebase["identities"] as? [String: Any])?["apple.com"] as? [String] == ["apple-user-001"])
    }

    @Test("Apple with an unsigned JWT id_token; the same sub signs in to the same account again")
    func appleUnsignedJWT() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let jwt = try unsignedJWT(["sub": "apple-user-002", "aud": "com.example.app", "nonce": "hashed", "exp": 0])

        let first = try await live.send(
            SignInWithIdpRequest(
                requestUri: "http://localhost", postBody: IdpPostBody.apple(idToken: jwt, rawNonce: "abc")))
        let second = try await live.send(
            SignInWithIdpRequest(
                requestUri: "http://localhost", postBody: IdpPostBody.apple(idToken: jwt, rawNonce: "abc")))

        let firstTokens = try live.signedIn(first.outcome)
        let secondTokens = try live.signedIn(second.outcome)
        #expect(first.federatedId == "apple-user-002")
        #expect(first.oauthIdToken == jwt)
        #expect(first.isNewUser == true)
        #expect(second.isNewUser == nil)
        #expect(firstTokens.localId == secondTokens.localId)
        #expect(live.backend.accounts.count == 1)
    }

    @Test(
        "The widget's requestUri http://<h:p>/emulator/auth/handler?providerId=apple.com&id_token=<enc JSON> signs in without a postBody"
    )
    func widgetRequestUri() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let claims = try jsonText([
            "sub": "widget-sub-1", "iss": "", "aud": "", "exp": 0, "iat": 0, "name": "Ada L",
            "email": "ada@example.com", "email_verified": true,
        ])
        let encoded = try #require(claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let requestUri =
            "http://\(live.backend.hostAndPort)/emulator/auth/handler?providerId=apple.com&id_token=\(encoded)"

        let reply = try await live.send(SignInWithIdpRequest(requestUri: requestUri, sessionId: "raw-session-id"))

        let tokens = try live.signedIn(reply.outcome)
        #expect(reply.federatedId == "widget-sub-1")
        #expect(reply.displayName == "Ada L")
        #expect(reply.oauthIdToken == claims)
        #expect(live.backend.accounts.first?.localID == tokens.localId)
        #expect(live.backend.accounts.first?.displayName == "Ada L")
    }

    @Test(
        "Linking an Apple account another user owns: FEDERATED_USER_ID_ALREADY_LINKED, with the credential when returnIdpCredential"
    )
    func federatedUserAlreadyLinked() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let idToken = try jsonText(["sub": "apple-user-003"])
        let postBody = IdpPostBody.apple(idToken: idToken, rawNonce: "abc")
        let owner = try live.signedIn(
            try await live.send(SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody)).outcome)
        let other = try await live.signUp(email: "grace@example.com")

        let withCredential = await expectServerError(.federatedUserIDAlreadyLinked) {
            try await live.send(
                SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody, idToken: other.idToken))
        }
        let withoutCredential = await expectServerError(.federatedUserIDAlreadyLinked) {
            try await live.send(
                SignInWithIdpRequest(
                    requestUri: "http://localhost", postBody: postBody, returnIdpCredential: false,
                    idToken: other.idToken
                ))
        }

        #expect(withCredential?.httpStatus == 200)
        #expect(withCredential?.category == .conflict)
        let idpResponse = try #require(withCredential?.idpResponse)
        #expect(idpResponse.providerId == "apple.com")
        #expect(idpResponse.federatedId == "apple-user-003")
        #expect(idpResponse.oauthIdToken == idToken)
        #expect(idpResponse.idToken == nil)
        #expect(withoutCredential?.httpStatus == 400)
        #expect(withoutCredential?.idpResponse == nil)
        // Nothing moved: the Apple account stays with its owner, the other user gained no provider.
        #expect(
            live.backend.accounts.first { $0.localID == owner.localId }?.providers.map(\.providerID) == ["apple.com"])
        #expect(
            live.backend.accounts.first { $0.localID == other.localId }?.providers.map(\.providerID) == ["password"])
        #expect(withCredential?.description.contains(other.idToken) == false)
    }

    @Test(
        "An unverified provider email that belongs to a password account is a needsConfirmation conflict, not a sign-in"
    )
    func needsConfirmation() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let owner = try await live.signUp(email: "ada@example.com")
        let idToken = try jsonText(["sub": "apple-user-004", "email": "ada@example.com", "email_verified": false])

        let reply = try await live.send(
            SignInWithIdpRequest(
                requestUri: "http://localhost", postBody: IdpPostBody.apple(idToken: idToken, rawNonce: nil)))

        #expect(reply.outcome == .conflict(.needsConfirmation(email: "ada@example.com")))
        #expect(reply.needConfirmation == true)
        #expect(reply.localId == owner.localId)
        #expect(reply.verifiedProvider == [])
        #expect(reply.idToken == nil)
        #expect(reply.oauthIdToken == idToken)
        #expect(live.backend.accounts.map(\.providers.count) == [1])
    }

    @Test(
        "An Apple user with a second factor stops at the MFA challenge, and finishes it with the apple.com first factor"
    )
    func secondFactorAfterIdp() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let postBody = IdpPostBody.apple(
            idToken: try jsonText(["sub": "apple-user-005", "email": "ada@example.com", "email_verified": true]),
            rawNonce: nil)
        let user = try live.signedIn(
            try await live.send(SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody)).outcome)
        let (enrollmentID, _) = try await live.enroll(idToken: user.idToken, phoneNumber: "+15555550199")

        let reply = try await live.send(SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody))
        guard case .secondFactorRequired(let pending?, let hints) = reply.outcome else {
            Issue.record("expected a second factor to be required, got \(reply.outcome)")
            return
        }
        let challenge = try await live.send(
            StartMFASignInRequest(mfaPendingCredential: pending, mfaEnrollmentId: enrollmentID, verification: .none))
        let done = try await live.send(
            FinalizeMFASignInRequest(
                mfaPendingCredential: pending, sessionInfo: challenge.sessionInfo,
                code: try live.code(for: challenge.sessionInfo)
            ))

        #expect(hints.map(\.phoneInfo) == ["+*******0199"])
        #expect(reply.federatedId == "apple-user-005")
        let claims = try JWTClaims(try live.signedIn(done.outcome).idToken)
        #expect(claims.firebase["sign_in_provider"] as? String == "apple.com")
        #expect(claims.firebase["second_factor_identifier"] as? String == enrollmentID)
    }

    @Test("An id_token that is neither JSON nor a JWT is INVALID_IDP_RESPONSE, and the echoed token is redacted")
    func badIdToken() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let token = "not-a-jwt-secret-value"

        let error = await expectServerError(.invalidIdpResponse) {
            try await live.send(
                SignInWithIdpRequest(
                    requestUri: "http://localhost", postBody: IdpPostBody.apple(idToken: token, rawNonce: nil)))
        }
        let broken = await expectServerError(.invalidIdpResponse) {
            try await live.send(
                SignInWithIdpRequest(
                    requestUri: "http://localhost",
                    postBody: IdpPostBody.apple(idToken: #"{"sub": broken-json"#, rawNonce: nil)))
        }
        let noSub = await expectServerError(.invalidIdpResponse) {
            try await live.send(
                SignInWithIdpRequest(
                    requestUri: "http://localhost",
                    postBody: IdpPostBody.apple(idToken: #"{"email":"a@b.c"}"#, rawNonce: nil)))
        }

        #expect(error?.httpStatus == 400)
        #expect(error?.rawMessage.hasPrefix("INVALID_IDP_RESPONSE : Unable to parse id_token: ") == true)
        #expect(error?.rawMessage.contains(token) == false)
        #expect(error?.description.contains(token) == false)
        #expect(error?.category == .rejected)
        #expect(broken?.description.contains("broken-json") == false)
        #expect(noSub?.detail?.contains(#"Missing "sub" field"#) == true)
        #expect(live.backend.accounts.isEmpty)
    }
}
