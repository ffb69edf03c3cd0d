import AuthflowBackend
import AuthflowIdentityToolkit
import Testing

@Suite("Against the embedded backend: sendVerificationCode and signInWithPhoneNumber")
struct PhoneAgainstBackendTests {
    static let number = "+15555550100"

    @Test("sendVerificationCode returns the sessionInfo the backend recorded with a 6-digit code for the number")
    func sendVerificationCode() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let sent = try await live.send(
            SendVerificationCodeRequest(
                phoneNumber: Self.number, verification: .classic(.recaptchaV2(token: "any-v2-token"))
            ))

        let codes = live.backend.verificationCodes
        #expect(codes.count == 1)
        #expect(codes.first?.sessionInfo == sent.sessionInfo)
        #expect(codes.first?.phoneNumber == Self.number)
        #expect(codes.first?.code.wholeMatch(of: /\d{6}/) != nil)
        #expect(sent.sessionInfo.count == 226)
    }

    @Test("The code signs up a new phone user once; reusing it is INVALID_SESSION_INFO")
    func signInWithCode() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let (sessionInfo, code) = try await live.sendCode(to: Self.number)

        let reply = try await live.send(
            SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: code)))
        let tokens = try live.signedIn(reply.outcome)
        let reused = await expectServerError(.invalidSessionInfo) {
            try await live.send(
                SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: code)))
        }

        let account = try #require(live.backend.accounts.first)
        #expect(live.backend.accounts.count == 1)
        #expect(reply.isNewUser == true)
        #expect(reply.phoneNumber == Self.number)
        #expect(tokens.localId == account.localID)
        #expect(tokens.expiresInSeconds == 3600)
        #expect(account.phoneNumber == Self.number)
        let claims = try JWTClaims(tokens.idToken)
        #expect(claims["phone_number"] as? String == Self.number)
        #expect(claims.firebase["sign_in_provider"] as? String == "phone")
        #expect(live.backend.verificationCodes.isEmpty)
        #expect(reused?.category == .expired)
    }

    @Test("A wrong code is INVALID_CODE with a human message, and the right code still works afterwards")
    func wrongCode() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let (sessionInfo, code) = try await live.sendCode(to: Self.number)
        let wrong = code == "000000" ? "111111" : "000000"

        let error = await expectServerError(.invalidCode) {
            try await live.send(
                SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: wrong)))
        }
        let retried = try await live.send(
            SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: code)))

        #expect(error?.httpStatus == 400)
        #expect(error?.rawCode == "INVALID_CODE")
        #expect(error?.message == "That SMS code is wrong. Check the latest message and try again.")
        #expect(error?.category == .wrongInput)
        #expect(error?.description.contains(sessionInfo) == false)
        _ = try live.signedIn(retried.outcome)
    }

    @Test("With an idToken the number is linked to the signed-in user instead of creating an account")
    func linkToExistingUser() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")
        let (sessionInfo, code) = try await live.sendCode(to: Self.number)

        let reply = try await live.send(
            SignInWithPhoneNumberRequest(
                credential: .verificationCode(sessionInfo: sessionInfo, code: code), idToken: user.idToken
            ))

        let tokens = try live.signedIn(reply.outcome)
        #expect(tokens.localId == user.localId)
        #expect(reply.isNewUser == false)
        #expect(live.backend.accounts.count == 1)
        let account = try #require(live.backend.accounts.first)
        #expect(account.phoneNumber == Self.number)
        #expect(account.email == "ada@example.com")
        #expect(Set(account.providers.map(\.providerID)) == ["password", "phone"])
        let claims = try JWTClaims(tokens.idToken)
        #expect((claims.firebase["identities"] as? [String: Any])?["phone"] as? [String] == [Self.number])
    }

    @Test("Linking a number another account owns is a phoneNumberInUse conflict whose proof signs in to that account")
    func numberInUse() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let first = try await live.sendCode(to: Self.number)
        let owner = try live.signedIn(
            try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: first.sessionInfo, code: first.code)
                )
            ).outcome)
        let other = try await live.signUp(email: "grace@example.com")
        let second = try await live.sendCode(to: Self.number)

        let conflict = try await live.send(
            SignInWithPhoneNumberRequest(
                credential: .verificationCode(sessionInfo: second.sessionInfo, code: second.code),
                idToken: other.idToken
            ))
        guard case .conflict(.phoneNumberInUse(let phoneNumber, let proof)) = conflict.outcome else {
            Issue.record("expected a phone-number conflict, got \(conflict.outcome)")
            return
        }
        let proofSignIn = try await live.send(
            SignInWithPhoneNumberRequest(credential: .temporaryProof(proof, phoneNumber: phoneNumber)))

        let forcedLink = await expectServerError(.phoneNumberExists) {
            try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .temporaryProof(proof, phoneNumber: phoneNumber), idToken: other.idToken))
        }

        #expect(phoneNumber == Self.number)
        #expect(try live.signedIn(proofSignIn.outcome).localId == owner.localId)
        #expect(live.backend.accounts.first { $0.localID == other.localId }?.phoneNumber == nil)
        #expect(forcedLink?.category == .conflict)
        #expect(forcedLink?.message.hasPrefix("This phone number is already used by another account.") == true)
        #expect(forcedLink?.description.contains(proof) == false)
    }

    @Test("Reauthentication (operation REAUTH) with the user's own number keeps the account")
    func reauthenticate() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let first = try await live.sendCode(to: Self.number)
        let user = try live.signedIn(
            try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: first.sessionInfo, code: first.code)
                )
            ).outcome)
        let second = try await live.sendCode(to: Self.number)

        let reply = try await live.send(
            SignInWithPhoneNumberRequest(
                credential: .verificationCode(sessionInfo: second.sessionInfo, code: second.code),
                idToken: user.idToken, operation: .reauthenticate
            ))

        #expect(try live.signedIn(reply.outcome).localId == user.localId)
        #expect(reply.isNewUser == false)
        #expect(live.backend.accounts.count == 1)
    }
}
