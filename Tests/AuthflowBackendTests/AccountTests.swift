import AuthflowBackend
import AuthflowHTTP
import Testing

@Suite("Email/password and account upkeep")
struct AccountTests {
    @Test("signUp creates a password account with tokens; the email is lower-cased")
    func signUp() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.signUp(email: "Ada@Example.com")

        #expect(reply["kind"] as? String == "identitytoolkit#SignupNewUserResponse")
        #expect(reply["email"] as? String == "ada@example.com")
        #expect(reply["expiresIn"] as? String == "3600")
        #expect((reply["refreshToken"] as? String)?.isEmpty == false)
        let localId = try #require(reply["localId"] as? String)
        #expect(localId.count == 28)
        let account = try #require(harness.backend.accounts.first)
        #expect(account.localID == localId)
        #expect(account.hasPassword)
        #expect(!account.emailVerified)
        #expect(account.providers.map(\.providerID) == ["password"])
    }

    @Test("signUp errors: EMAIL_EXISTS, WEAK_PASSWORD, INVALID_EMAIL, MISSING_PASSWORD, UNEXPECTED_PARAMETER")
    func signUpErrors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "taken@example.com")

        let exists = try await harness.v1(
            "accounts:signUp", ["email": "TAKEN@example.com", "password": "secret-password"])
        let weak = try await harness.v1("accounts:signUp", ["email": "new@example.com", "password": "12345"])
        let invalid = try await harness.v1("accounts:signUp", ["email": "not-an-email", "password": "secret-password"])
        let noPassword = try await harness.v1("accounts:signUp", ["email": "new@example.com"])
        let localId = try await harness.v1("accounts:signUp", ["localId": "chosen"])

        #expect(exists.errorMessage == "EMAIL_EXISTS")
        #expect(weak.errorMessage == "WEAK_PASSWORD : Password should be at least 6 characters")
        #expect(invalid.errorMessage == "INVALID_EMAIL")
        #expect(noPassword.errorMessage == "MISSING_PASSWORD")
        #expect(localId.errorMessage == "UNEXPECTED_PARAMETER : User ID")
    }

    @Test("An empty signUp is an anonymous account; its token says so")
    func anonymous() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()

        let token = try JWTParts(try #require(reply["idToken"] as? String))
        #expect(token.firebase["sign_in_provider"] as? String == "anonymous")
        #expect(token.claims["provider_id"] as? String == "anonymous")
        #expect(token.claims["email"] == nil)
    }

    @Test("signInWithPassword: EMAIL_NOT_FOUND and INVALID_PASSWORD by default, as the emulator")
    func passwordErrors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")

        let ok = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ADA@example.com", "password": "secret-password"])
        let unknown = try await harness.v1(
            "accounts:signInWithPassword", ["email": "bob@example.com", "password": "secret-password"])
        let wrong = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "wrong-password"])
        let missing = try await harness.v1("accounts:signInWithPassword", ["password": "x"])

        let body = try ok.requireOK()
        #expect(body["kind"] as? String == "identitytoolkit#VerifyPasswordResponse")
        #expect(body["registered"] as? Bool == true)
        #expect(unknown.errorMessage == "EMAIL_NOT_FOUND")
        #expect(wrong.errorMessage == "INVALID_PASSWORD")
        #expect(missing.errorMessage == "MISSING_EMAIL")
    }

    @Test("With email-enumeration protection every bad credential is INVALID_LOGIN_CREDENTIALS; switchable via config")
    func enumerationProtection() async throws {
        let harness = try BackendHarness(emailEnumerationProtection: true)
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")

        let unknown = try await harness.v1(
            "accounts:signInWithPassword", ["email": "bob@example.com", "password": "secret-password"])
        let wrong = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "wrong-password"])
        let hidden = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "ada@example.com", "continueUri": "http://localhost"]
        ).requireOK()
        _ = try await harness.send(
            .patch, "/emulator/v1/projects/\(harness.projectID)/config",
            body: Array(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#.utf8)
        )
        let afterPatch = try await harness.v1(
            "accounts:signInWithPassword", ["email": "bob@example.com", "password": "secret-password"])

        #expect(unknown.errorMessage == "INVALID_LOGIN_CREDENTIALS")
        #expect(wrong.errorMessage == "INVALID_LOGIN_CREDENTIALS")
        #expect(hidden["registered"] == nil)
        #expect(hidden["sessionId"] is String)
        #expect(afterPatch.errorMessage == "EMAIL_NOT_FOUND")
    }

    @Test("createAuthUri with an identifier lists providers and sign-in methods")
    func createAuthUri() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")

        let known = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "ada@example.com", "continueUri": "http://localhost"]
        ).requireOK()
        let unknown = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "bob@example.com", "continueUri": "http://localhost"]
        ).requireOK()
        let relative = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "bob@example.com", "continueUri": "/relative"])

        #expect(known["kind"] as? String == "identitytoolkit#CreateAuthUriResponse")
        #expect(known["registered"] as? Bool == true)
        #expect(known["allProviders"] as? [String] == ["password"])
        #expect(known["signinMethods"] as? [String] == ["password"])
        #expect((known["sessionId"] as? String)?.count == 27)
        #expect(unknown["registered"] as? Bool == false)
        #expect(relative.errorMessage == "INVALID_CONTINUE_URI")
    }

    @Test("lookup, update (profile, email, password), delete; tokens of deleted users are USER_NOT_FOUND")
    func upkeep() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "ada@example.com")
        let idToken = try #require(signedUp["idToken"] as? String)

        let updated = try await harness.v1(
            "accounts:update",
            [
                "idToken": idToken, "displayName": "Ada", "photoUrl": "https://example.com/a.png",
                "returnSecureToken": true,
            ]
        ).requireOK()
        let looked = try await harness.v1("accounts:lookup", ["idToken": idToken]).requireOK()
        let changed = try await harness.v1(
            "accounts:update", ["idToken": idToken, "password": "another-secret", "returnSecureToken": true]
        ).requireOK()
        let newToken = try #require(changed["idToken"] as? String)
        let stale = try await harness.v1("accounts:lookup", ["idToken": idToken])
        let deleted = try await harness.v1("accounts:delete", ["idToken": newToken]).requireOK()
        let afterDelete = try await harness.v1("accounts:lookup", ["idToken": newToken])
        let malformed = try await harness.v1("accounts:lookup", ["idToken": "not-a-jwt"])

        #expect(updated["displayName"] as? String == "Ada")
        #expect(updated["idToken"] == nil, "a profile change does not reissue tokens")
        let user = try #require((looked["users"] as? [[String: Any]])?.first)
        #expect(user["displayName"] as? String == "Ada")
        #expect(user["photoUrl"] as? String == "https://example.com/a.png")
        #expect(user["email"] as? String == "ada@example.com")
        // The emulator revokes older tokens when the password changes (validSince), unless issued in the same second.
        #expect(stale.status == 200 || stale.errorMessage == "TOKEN_EXPIRED")
        #expect(deleted["kind"] as? String == "identitytoolkit#DeleteAccountResponse")
        #expect(afterDelete.errorMessage == "USER_NOT_FOUND")
        #expect(malformed.errorMessage == "INVALID_ID_TOKEN")
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("Bearer owner + localId + emailVerified:true marks the email verified, as does markEmailVerified")
    func ownerMarksVerified() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.signUp(email: "ada@example.com")
        let second = try await harness.signUp(email: "bob@example.com")

        let reply = try await harness.v1(
            "accounts:update", ["localId": try #require(first["localId"] as? String), "emailVerified": true], key: nil,
            headers: BackendHarness.owner
        ).requireOK()
        let marked = harness.backend.markEmailVerified(localID: try #require(second["localId"] as? String))
        let nonOwner = try await harness.v1("accounts:update", ["localId": "x", "emailVerified": true])

        #expect(reply["emailVerified"] as? Bool == true)
        #expect(marked)
        #expect(harness.backend.accounts.allSatisfy { $0.emailVerified })
        #expect(!harness.backend.markEmailVerified(localID: "no-such-user"))
        #expect(nonOwner.errorMessage == "INVALID_REQ_TYPE : Unsupported request parameters.")
    }

    @Test("deleteProvider unlinks; the password provider goes with the email")
    func unlink() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "ada@example.com")
        let idToken = try #require(signedUp["idToken"] as? String)
        _ = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": #"providerId=apple.com&id_token={"sub":"apple-ada"}"#,
                "idToken": idToken,
            ]
        ).requireOK()

        let reply = try await harness.v1("accounts:update", ["idToken": idToken, "deleteProvider": ["apple.com"]])
            .requireOK()

        let providers = (reply["providerUserInfo"] as? [[String: Any]])?.compactMap { $0["providerId"] as? String }
        #expect(providers == ["password"])
        #expect(harness.backend.accounts.first?.providers.map(\.providerID) == ["password"])
    }
}

@Suite("Request and reply encoding")
struct EncodingTests {
    @Test("Unicode, escapes and snake_case keys survive a round trip through update and lookup")
    func unicodeRoundTrip() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "zoe@example.com")
        let idToken = try #require(signedUp["idToken"] as? String)
        let name = "Zoë \"Q\" \\ / 😀\n\t\u{1}"

        _ = try await harness.v1("accounts:update", ["id_token": idToken, "display_name": name]).requireOK()
        let looked = try await harness.v1("accounts:lookup", ["idToken": idToken]).requireOK()

        #expect((looked["users"] as? [[String: Any]])?.first?["displayName"] as? String == name)
        #expect(harness.backend.accounts.first?.displayName == name)
    }

    @Test("signInWithCustomToken accepts the emulator's plain-JSON tokens and puts custom claims in the ID token")
    func customToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let first = try await harness.v1(
            "accounts:signInWithCustomToken",
            ["token": #"{"uid":"user-42","claims":{"role":"admin"}}"#, "returnSecureToken": true]
        ).requireOK()
        let reserved = try await harness.v1(
            "accounts:signInWithCustomToken", ["token": #"{"uid":"user-43","claims":{"sub":"x"}}"#])
        let garbage = try await harness.v1("accounts:signInWithCustomToken", ["token": "{nope"])

        #expect(first["isNewUser"] as? Bool == true)
        let token = try JWTParts(try #require(first["idToken"] as? String))
        #expect(token.claims["user_id"] as? String == "user-42")
        #expect(token.claims["role"] as? String == "admin")
        #expect(token.firebase["sign_in_provider"] as? String == "custom")
        #expect(reserved.errorMessage == "FORBIDDEN_CLAIM : sub")
        #expect(
            garbage.errorMessage
                == "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
    }
}
