import AuthflowBackend
import AuthflowIdentityToolkit
import Testing

@Suite("Against the embedded backend: sendOobCode, signInWithEmailLink, password, signUp, createAuthUri")
struct EmailAgainstBackendTests {
    static let continueUrl = "https://example.com/done?x=1"

    // MARK: sendOobCode

    @Test("EMAIL_SIGNIN: the link in oobCodes has the emulator's exact shape")
    func emailSignInLink() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let reply = try await live.send(
            SendOobCodeRequest(
                kind: .emailSignIn(email: "Ada@Example.com"), settings: .emailSignIn(continueUrl: Self.continueUrl)
            ))

        #expect(reply.kind == "identitytoolkit#GetOobConfirmationCodeResponse")
        #expect(reply.email == "ada@example.com")
        let codes = live.backend.oobCodes
        #expect(codes.count == 1)
        let record = try #require(codes.first)
        #expect(record.requestType == "EMAIL_SIGNIN")
        #expect(record.email == "ada@example.com")
        #expect(record.oobCode.wholeMatch(of: /[A-Za-z0-9_-]{54}/) != nil)
        #expect(
            record.oobLink
                == "http://\(live.backend.hostAndPort)/emulator/action?mode=signIn&lang=en&oobCode=\(record.oobCode)"
                + "&apiKey=fake-api-key&continueUrl=https%3A%2F%2Fexample.com%2Fdone%3Fx%3D1")
    }

    @Test("VERIFY_EMAIL with an idToken goes to the token's user; PASSWORD_RESET to an existing email")
    func verifyAndReset() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        let verify = try await live.send(SendOobCodeRequest(kind: .verifyEmail(idToken: user.idToken)))
        let reset = try await live.send(SendOobCodeRequest(kind: .passwordReset(email: "ada@example.com")))
        let unknown = await expectServerError(.emailNotFound) {
            try await live.send(SendOobCodeRequest(kind: .passwordReset(email: "nobody@example.com")))
        }

        #expect(verify.email == "ada@example.com")
        #expect(reset.email == "ada@example.com")
        let codes = live.backend.oobCodes
        #expect(codes.map(\.requestType) == ["VERIFY_EMAIL", "PASSWORD_RESET"])
        #expect(codes.allSatisfy { $0.email == "ada@example.com" })
        let origin = "http://\(live.backend.hostAndPort)/emulator/action"
        #expect(
            codes[0].oobLink == "\(origin)?mode=verifyEmail&lang=en&oobCode=\(codes[0].oobCode)&apiKey=fake-api-key")
        #expect(
            codes[1].oobLink == "\(origin)?mode=resetPassword&lang=en&oobCode=\(codes[1].oobCode)&apiKey=fake-api-key")
        #expect(unknown?.category == .notFound)
    }

    // MARK: signInWithEmailLink

    @Test("The right email signs up a verified email-link user; the code is then used up (INVALID_OOB_CODE)")
    func signInWithEmailLink() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let code = try await sendSignInLink(live, to: "ada@example.com")

        let reply = try await live.send(SignInWithEmailLinkRequest(email: "ADA@example.com", oobCode: code))
        let reused = await expectServerError(.invalidOobCode) {
            try await live.send(SignInWithEmailLinkRequest(email: "ada@example.com", oobCode: code))
        }

        let tokens = try live.signedIn(reply.outcome)
        #expect(reply.kind == "identitytoolkit#EmailLinkSigninResponse")
        #expect(reply.email == "ada@example.com")
        #expect(reply.isNewUser == true)
        let account = try #require(live.backend.accounts.first)
        #expect(tokens.localId == account.localID)
        #expect(account.emailVerified)
        #expect(!account.hasPassword)
        let claims = try JWTClaims(tokens.idToken)
        #expect(claims["email_verified"] as? Bool == true)
        #expect(claims.firebase["sign_in_provider"] as? String == "password")
        #expect(live.backend.oobCodes.isEmpty)
        #expect(reused?.category == .expired)
    }

    @Test("Another email is INVALID_EMAIL with the emulator's detail, and leaves the code usable")
    func wrongEmail() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let code = try await sendSignInLink(live, to: "ada@example.com")

        let error = await expectServerError(.invalidEmail) {
            try await live.send(SignInWithEmailLinkRequest(email: "grace@example.com", oobCode: code))
        }
        let retried = try await live.send(SignInWithEmailLinkRequest(email: "ada@example.com", oobCode: code))

        #expect(error?.rawCode == "INVALID_EMAIL")
        #expect(error?.detail == "The email provided does not match the sign-in email address.")
        #expect(
            error?.message.hasSuffix("The server said: The email provided does not match the sign-in email address.")
                == true)
        #expect(error?.description.contains(code) == false)
        _ = try live.signedIn(retried.outcome)
    }

    @Test("With an idToken the email is linked to the signed-in (phone) user")
    func linkEmailToUser() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let (sessionInfo, smsCode) = try await live.sendCode(to: "+15555550100")
        let phoneUser = try live.signedIn(
            try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: sessionInfo, code: smsCode)
                )
            ).outcome)
        let code = try await sendSignInLink(live, to: "ada@example.com")

        let reply = try await live.send(
            SignInWithEmailLinkRequest(email: "ada@example.com", oobCode: code, idToken: phoneUser.idToken))

        let tokens = try live.signedIn(reply.outcome)
        #expect(tokens.localId == phoneUser.localId)
        #expect(reply.isNewUser == false)
        #expect(live.backend.accounts.count == 1)
        let account = try #require(live.backend.accounts.first)
        #expect(account.email == "ada@example.com")
        #expect(account.phoneNumber == "+15555550100")
        #expect(Set(account.providers.map(\.providerID)) == ["password", "phone"])
    }

    // MARK: Password and sign-up

    @Test("signUp creates the account and returns tokens and the display name")
    func signUp() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let reply = try await live.send(
            SignUpRequest(email: "Ada@Example.com", password: "secret-password", displayName: "Ada"))
        let duplicate = await expectServerError(.emailExists) {
            try await live.send(SignUpRequest(email: "ada@example.com", password: "another-password"))
        }
        let weak = await expectServerError(.weakPassword) {
            try await live.send(SignUpRequest(email: "grace@example.com", password: "12345"))
        }

        let tokens = try live.signedIn(reply.outcome)
        #expect(reply.email == "ada@example.com")
        #expect(reply.displayName == "Ada")
        #expect(reply.isNewUser == nil)
        let account = try #require(live.backend.accounts.first)
        #expect(live.backend.accounts.count == 1)
        #expect(tokens.localId == account.localID)
        #expect(account.hasPassword)
        #expect(!account.emailVerified)
        #expect(try JWTClaims(tokens.idToken)["name"] as? String == "Ada")
        #expect(duplicate?.category == .conflict)
        #expect(weak?.detail == "Password should be at least 6 characters")
    }

    @Test(
        "signInWithPassword: right password signs in; wrong password and unknown email are refused as the emulator words them"
    )
    func signInWithPassword() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com", displayName: "Ada")

        let reply = try await live.send(
            SignInWithPasswordRequest(email: "ada@example.com", password: "secret-password"))
        let wrong = await expectServerError(.invalidPassword) {
            try await live.send(SignInWithPasswordRequest(email: "ada@example.com", password: "wrong-password"))
        }
        let unknown = await expectServerError(.emailNotFound) {
            try await live.send(SignInWithPasswordRequest(email: "nobody@example.com", password: "secret-password"))
        }

        let tokens = try live.signedIn(reply.outcome)
        #expect(tokens.localId == user.localId)
        #expect(reply.registered == true)
        #expect(reply.displayName == nil) // the emulator's reply has no displayName
        #expect(wrong?.rawMessage == "INVALID_PASSWORD")
        #expect(wrong?.message == ServerErrorCode.invalidPassword.userMessage)
        #expect(wrong?.category == .wrongInput)
        #expect(wrong?.description.contains("wrong-password") == false)
        #expect(unknown?.category == .notFound)
    }

    @Test("With email enumeration protection a wrong password and an unknown email are both INVALID_LOGIN_CREDENTIALS")
    func signInWithPasswordProtected() async throws {
        let live = try LiveBackend(emailEnumerationProtection: true)
        defer { live.stop() }
        _ = try await live.signUp(email: "ada@example.com")

        let wrong = await expectServerError(.invalidLoginCredentials) {
            try await live.send(SignInWithPasswordRequest(email: "ada@example.com", password: "wrong-password"))
        }
        let unknown = await expectServerError(.invalidLoginCredentials) {
            try await live.send(SignInWithPasswordRequest(email: "nobody@example.com", password: "secret-password"))
        }

        #expect(wrong?.message == "The email or password is wrong. Check both and try again, or reset the password.")
        #expect(unknown?.category == .wrongInput)
    }

    // MARK: createAuthUri

    @Test(
        "createAuthUri reports the sign-in methods of password and email-link users, and an unknown email as unregistered"
    )
    func createAuthUri() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        _ = try await live.signUp(email: "ada@example.com")
        let code = try await sendSignInLink(live, to: "grace@example.com")
        _ = try await live.send(SignInWithEmailLinkRequest(email: "grace@example.com", oobCode: code))

        let password = try await live.send(CreateAuthUriRequest(identifier: "ADA@example.com"))
        let emailLink = try await live.send(CreateAuthUriRequest(identifier: "grace@example.com"))
        let unknown = try await live.send(CreateAuthUriRequest(identifier: "nobody@example.com"))

        #expect(password.kind == "identitytoolkit#CreateAuthUriResponse")
        #expect(password.registered == true)
        #expect(password.allProviders == ["password"])
        #expect(password.signinMethods == ["password"])
        #expect(emailLink.registered == true)
        #expect(emailLink.allProviders == ["password"])
        #expect(emailLink.signinMethods == ["emailLink"])
        #expect(unknown.registered == false)
        #expect(unknown.signinMethods == [])
        #expect(unknown.sessionId?.isEmpty == false)
    }

    @Test("createAuthUri under email enumeration protection withholds registered and signinMethods (unknown, not none)")
    func createAuthUriProtected() async throws {
        let live = try LiveBackend(emailEnumerationProtection: true)
        defer { live.stop() }
        _ = try await live.signUp(email: "ada@example.com")

        let reply = try await live.send(CreateAuthUriRequest(identifier: "ada@example.com"))

        #expect(reply.registered == nil)
        #expect(reply.signinMethods == nil)
        #expect(reply.sessionId?.isEmpty == false)
    }

    private func sendSignInLink(_ live: LiveBackend, to email: String) async throws -> String {
        _ = try await live.send(
            SendOobCodeRequest(kind: .emailSignIn(email: email), settings: .emailSignIn(continueUrl: Self.continueUrl)))
        return try #require(live.backend.oobCodes.last { $0.email == email && $0.requestType == "EMAIL_SIGNIN" })
            .oobCode
    }
}
