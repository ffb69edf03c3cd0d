import AuthflowBackend
import AuthflowIdentityToolkit
import Foundation
import Testing

@Suite("Against the embedded backend: lookup, update, delete, revokeToken, token refresh")
struct AccountAgainstBackendTests {
    @Test("lookup decodes the signed-in user's account")
    func lookup() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let before = Date()
        let user = try await live.signUp(email: "ada@example.com", displayName: "Ada")

        let reply = try await live.send(LookupRequest(idToken: user.idToken))

        #expect(reply.users.count == 1)
        let info = try #require(reply.users.first)
        #expect(info.localId == user.localId)
        #expect(info.email == "ada@example.com")
        #expect(info.emailVerified == false)
        #expect(info.displayName == "Ada")
        #expect(info.providerUserInfo.map(\.providerId) == ["password"])
        #expect(info.providerUserInfo.first?.email == "ada@example.com")
        #expect(info.mfaInfo.isEmpty)
        let created = try #require(info.createdDate)
        #expect(abs(created.timeIntervalSince(before)) < 60)
        #expect(info.passwordUpdatedDate != nil)
        #expect(info.lastRefreshDate != nil)
        #expect(info.validSince.flatMap { Int($0) } != nil)
    }

    @Test("update sets the display name, which later tokens carry")
    func updateDisplayName() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        let reply = try await live.send(
            UpdateAccountRequest(idToken: user.idToken, displayName: "Ada Lovelace", returnSecureToken: true))
        let refreshed = try await live.send(SecureTokenRequest(refreshToken: user.refreshToken))

        #expect(reply.localId == user.localId)
        #expect(reply.displayName == "Ada Lovelace")
        #expect(reply.email == "ada@example.com")
        #expect(reply.providerUserInfo.map(\.providerId) == ["password"])
        // A profile change does not revoke tokens, so none are issued.
        #expect(reply.idToken == nil)
        #expect(live.backend.accounts.first?.displayName == "Ada Lovelace")
        #expect(try JWTClaims(refreshed.idToken)["name"] as? String == "Ada Lovelace")
    }

    @Test("update applies a VERIFY_EMAIL oobCode without an idToken; the code is single use")
    func applyVerifyEmailCode() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")
        _ = try await live.send(SendOobCodeRequest(kind: .verifyEmail(idToken: user.idToken)))
        let code = try #require(live.backend.oobCodes.first { $0.requestType == "VERIFY_EMAIL" }).oobCode

        let reply = try await live.send(UpdateAccountRequest(oobCode: code))
        let reused = await expectServerError(.invalidOobCode) {
            try await live.send(UpdateAccountRequest(oobCode: code))
        }

        #expect(reply.localId == user.localId)
        #expect(reply.email == "ada@example.com")
        #expect(reply.emailVerified == true)
        #expect(live.backend.accounts.first?.emailVerified == true)
        #expect(live.backend.oobCodes.isEmpty)
        #expect(reused?.description.contains(code) == false)
        // The session survives: the ID token still works.
        #expect(try await live.send(LookupRequest(idToken: user.idToken)).users.first?.emailVerified == true)
    }

    @Test("An update naming no account is refused before sending, not answered with the backend's INVALID_REQ_TYPE")
    func updateWithoutAccount() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let error = await expectFailure { try await live.send(UpdateAccountRequest(displayName: "Ada")) }

        guard case .invalidRequest(let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason == .missingAccountCredential)
        #expect(live.exchanges.all.isEmpty)
    }

    @Test("VERIFY_AND_CHANGE_EMAIL: the emailed code, applied through update, moves the account to the new address")
    func verifyAndChangeEmail() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")
        _ = try await live.signUp(email: "taken@example.com")

        let sent = try await live.send(
            SendOobCodeRequest(kind: .verifyAndChangeEmail(idToken: user.idToken, newEmail: "Ada.L@example.com")))
        let taken = await expectServerError(.emailExists) {
            try await live.send(
                SendOobCodeRequest(kind: .verifyAndChangeEmail(idToken: user.idToken, newEmail: "taken@example.com")))
        }
        let record = try #require(live.backend.oobCodes.first)
        let applied = try await live.send(UpdateAccountRequest(oobCode: record.oobCode))

        #expect(sent.email == "ada@example.com")
        #expect(record.requestType == "VERIFY_AND_CHANGE_EMAIL")
        #expect(record.newEmail == "ada.l@example.com")
        #expect(record.oobLink.contains("mode=verifyAndChangeEmail&"))
        #expect(applied.email == "ada.l@example.com")
        #expect(applied.newEmail == "ada.l@example.com")
        #expect(applied.emailVerified == true)
        #expect(live.backend.accounts.first { $0.localID == user.localId }?.email == "ada.l@example.com")
        #expect(taken?.category == .conflict)
    }

    @Test("A password change through update returns fresh tokens that sign the user in")
    func changePassword() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        let reply = try await live.send(
            UpdateAccountRequest(idToken: user.idToken, password: "new-password", returnSecureToken: true))
        let idToken = try #require(reply.idToken)
        let weak = await expectServerError(.weakPassword) {
            try await live.send(UpdateAccountRequest(idToken: idToken, password: "short", returnSecureToken: true))
        }

        #expect(reply.refreshToken?.isEmpty == false)
        #expect(reply.expiresIn == "3600")
        #expect(try JWTClaims(idToken)["user_id"] as? String == user.localId)
        #expect(try await live.send(LookupRequest(idToken: idToken)).users.first?.localId == user.localId)
        _ = try await live.signIn(email: "ada@example.com", password: "new-password")
        #expect(weak?.detail == "Password should be at least 6 characters")
    }

    @Test("delete removes the account; the old token then gets USER_NOT_FOUND, which ends the session")
    func deleteAccount() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        let reply = try await live.send(DeleteAccountRequest(idToken: user.idToken))
        let lookup = await expectServerError(.userNotFound) {
            try await live.send(LookupRequest(idToken: user.idToken))
        }
        let refresh = await expectServerError(.invalidRefreshToken) {
            try await live.send(SecureTokenRequest(refreshToken: user.refreshToken))
        }

        #expect(reply.kind == "identitytoolkit#DeleteAccountResponse")
        #expect(live.backend.accounts.isEmpty)
        #expect(lookup?.code?.invalidatesSession == true)
        #expect(lookup?.description.contains(user.idToken) == false)
        #expect(refresh?.code?.invalidatesSession == true)
    }

    @Test("revokeToken (v2) is accepted and recorded with iOS's string token type")
    func revokeToken() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        _ = try await live.send(
            RevokeTokenRequest(
                providerId: "apple.com", tokenType: .authorizationCode, token: "apple-authorization-code",
                idToken: user.idToken
            ))
        let wrongProvider = await expectServerError(.invalidProviderID) {
            try await live.send(
                RevokeTokenRequest(providerId: "google.com", tokenType: .accessToken, token: "t", idToken: user.idToken)
            )
        }

        let revocations = live.backend.tokenRevocations
        #expect(revocations.count == 1)
        #expect(revocations.first?.providerID == "apple.com")
        #expect(revocations.first?.tokenType == "3")
        #expect(revocations.first?.token == "apple-authorization-code")
        #expect(revocations.first?.localID == user.localId)
        #expect(wrongProvider?.category == .configuration)
    }

    @Test("revokeToken against the emulator's behaviour is a typed not-implemented refusal")
    func revokeTokenNotImplemented() async throws {
        let live = try LiveBackend(revokeToken: .notImplemented)
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        let error = await expectServerError(.notImplemented) {
            try await live.send(
                RevokeTokenRequest(
                    providerId: "apple.com", tokenType: .authorizationCode, token: "code", idToken: user.idToken))
        }

        #expect(error?.httpStatus == 501)
        #expect(error?.description.contains(user.idToken) == false)
        #expect(live.exchanges.attempts(.revokeToken) == 1)
    }

    @Test("SecureToken refresh issues a new ID token for the same user, and refresh tokens can be reused")
    func refresh() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")

        let reply = try await live.send(SecureTokenRequest(refreshToken: user.refreshToken))
        let again = try await live.send(SecureTokenRequest(refreshToken: reply.refreshToken))
        // Refresh tokens stay valid after use (the emulator's are even the same string each time).
        let original = try await live.send(SecureTokenRequest(refreshToken: user.refreshToken))

        #expect(reply.userID == user.localId)
        #expect(reply.projectID == "12345")
        #expect(reply.expiresIn == "3600")
        #expect(!reply.refreshToken.isEmpty)
        #expect(original.userID == user.localId)
        let claims = try JWTClaims(reply.idToken)
        #expect(claims["user_id"] as? String == user.localId)
        #expect(claims["aud"] as? String == live.backend.projectID)
        #expect(claims.firebase["sign_in_provider"] as? String == "password")
        #expect(again.userID == user.localId)
        // The refreshed token is accepted where an ID token is required.
        #expect(try await live.send(LookupRequest(idToken: reply.idToken)).users.first?.localId == user.localId)
    }

    @Test("An unknown refresh token is INVALID_REFRESH_TOKEN: sign in again, and the token is not in the description")
    func badRefreshToken() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let token = "bogus-refresh-token-0123456789"

        let error = await expectServerError(.invalidRefreshToken) {
            try await live.send(SecureTokenRequest(refreshToken: token))
        }

        #expect(error?.code?.invalidatesSession == true)
        #expect(error?.category == .signInAgain)
        #expect(error?.message == "The saved session is no longer valid. Sign in again.")
        #expect(error?.description.contains(token) == false)
        // A 400 is final, even on an endpoint that is retried.
        #expect(live.exchanges.attempts(.refreshToken) == 1)
    }
}
