import AuthflowBackend
import AuthflowIdentityToolkit
import Foundation
import Testing

/// One refusal the backend produces in a client flow, and how to provoke it through the typed client.
struct BackendRefusal: Sendable, CustomTestStringConvertible {
    /// What the client must parse the backend's message into.
    let expected: ServerErrorCode
    /// The code at the start of the backend's message; `nil` for codes derived from the status.
    let rawCode: String?
    var backendOptions: BackendOptions = .init()
    let provoke: @Sendable (LiveBackend) async throws -> Void

    struct BackendOptions: Sendable {
        var emailEnumerationProtection = false
        var verificationCodeLifetime: Duration?
        var revokeToken: EmbeddedBackend.RevokeTokenBehavior = .accept
    }

    var testDescription: String { rawCode ?? expected.rawValue }
}

@Suite("Against the embedded backend: every refusal the backend produces in these flows round-trips to its typed code")
struct ErrorTableAgainstBackendTests {
    static let phone = "+15555550100"
    static let postBody = IdpPostBody.apple(idToken: #"{"sub":"apple-user-9"}"#, rawNonce: nil)

    static let refusals: [BackendRefusal] = [
        // Phone.
        BackendRefusal(expected: .invalidPhoneNumber, rawCode: "INVALID_PHONE_NUMBER") { live in
            _ = try await live.send(SendVerificationCodeRequest(phoneNumber: "5555550100", verification: .none))
        },
        BackendRefusal(expected: .invalidCode, rawCode: "INVALID_CODE") { live in
            let (sessionInfo, code) = try await live.sendCode(to: phone)
            _ = try await live.send(
                SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: code + "9")))
        },
        BackendRefusal(expected: .invalidSessionInfo, rawCode: "INVALID_SESSION_INFO") { live in
            _ = try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: "no-such-session", code: "123456")))
        },
        BackendRefusal(
            expected: .sessionExpired, rawCode: "SESSION_EXPIRED",
            backendOptions: .init(verificationCodeLifetime: .zero)
        ) { live in
            let (sessionInfo, code) = try await live.sendCode(to: phone)
            _ = try await live.send(
                SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: code)))
        },
        BackendRefusal(expected: .invalidTemporaryProof, rawCode: "INVALID_TEMPORARY_PROOF") { live in
            _ = try await live.send(
                SignInWithPhoneNumberRequest(credential: .temporaryProof("no-such-proof", phoneNumber: phone)))
        },
        BackendRefusal(expected: .phoneNumberExists, rawCode: "PHONE_NUMBER_EXISTS") { live in
            let first = try await live.sendCode(to: phone)
            _ = try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: first.sessionInfo, code: first.code)))
            let other = try await live.signUp(email: "grace@example.com")
            let second = try await live.sendCode(to: phone)
            let reply = try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: second.sessionInfo, code: second.code),
                    idToken: other.idToken
                ))
            guard case .conflict(.phoneNumberInUse(let number, let proof)) = reply.outcome else {
                throw TestFailure("no conflict: \(reply.outcome)")
            }
            _ = try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .temporaryProof(proof, phoneNumber: number), idToken: other.idToken))
        },
        // Email and password.
        BackendRefusal(expected: .invalidEmail, rawCode: "INVALID_EMAIL") { live in
            _ = try await live.send(SignInWithPasswordRequest(email: "not-an-email", password: "secret-password"))
        },
        BackendRefusal(expected: .missingPassword, rawCode: "MISSING_PASSWORD") { live in
            _ = try await live.send(SignInWithPasswordRequest(email: "ada@example.com", password: ""))
        },
        BackendRefusal(expected: .weakPassword, rawCode: "WEAK_PASSWORD") { live in
            _ = try await live.send(SignUpRequest(email: "ada@example.com", password: "12345"))
        },
        BackendRefusal(expected: .emailExists, rawCode: "EMAIL_EXISTS") { live in
            _ = try await live.signUp(email: "ada@example.com")
            _ = try await live.signUp(email: "ada@example.com")
        },
        BackendRefusal(expected: .emailNotFound, rawCode: "EMAIL_NOT_FOUND") { live in
            _ = try await live.send(SendOobCodeRequest(kind: .passwordReset(email: "nobody@example.com")))
        },
        BackendRefusal(expected: .invalidPassword, rawCode: "INVALID_PASSWORD") { live in
            _ = try await live.signUp(email: "ada@example.com")
            _ = try await live.signIn(email: "ada@example.com", password: "wrong-password")
        },
        BackendRefusal(
            expected: .invalidLoginCredentials, rawCode: "INVALID_LOGIN_CREDENTIALS",
            backendOptions: .init(emailEnumerationProtection: true)
        ) { live in
            _ = try await live.signIn(email: "nobody@example.com")
        },
        BackendRefusal(expected: .userDisabled, rawCode: "USER_DISABLED") { live in
            let user = try await live.signUp(email: "ada@example.com")
            try await live.admin("accounts:update", ["localId": try #require(user.localId), "disableUser": true])
            _ = try await live.signIn(email: "ada@example.com")
        },
        BackendRefusal(expected: .missingEmail, rawCode: "MISSING_EMAIL") { live in
            let (sessionInfo, code) = try await live.sendCode(to: phone)
            let user = try live.signedIn(
                try await live.send(
                    SignInWithPhoneNumberRequest(
                        credential: .verificationCode(sessionInfo: sessionInfo, code: code)
                    )
                ).outcome)
            _ = try await live.send(SendOobCodeRequest(kind: .verifyEmail(idToken: user.idToken)))
        },
        BackendRefusal(expected: .invalidOobCode, rawCode: "INVALID_OOB_CODE") { live in
            _ = try await live.send(SignInWithEmailLinkRequest(email: "ada@example.com", oobCode: "no-such-code"))
        },
        BackendRefusal(expected: .invalidContinueURI, rawCode: "INVALID_CONTINUE_URI") { live in
            _ = try await live.send(
                SendOobCodeRequest(
                    kind: .emailSignIn(email: "ada@example.com"), settings: .emailSignIn(continueUrl: "done.html")))
        },
        BackendRefusal(expected: .invalidIdentifier, rawCode: "INVALID_IDENTIFIER") { live in
            _ = try await live.send(CreateAuthUriRequest(identifier: "not-an-email"))
        },
        // Sessions.
        BackendRefusal(expected: .invalidIDToken, rawCode: "INVALID_ID_TOKEN") { live in
            _ = try await live.send(LookupRequest(idToken: "not-a-jwt"))
        },
        BackendRefusal(expected: .userNotFound, rawCode: "USER_NOT_FOUND") { live in
            let user = try await live.signUp(email: "ada@example.com")
            _ = try await live.send(DeleteAccountRequest(idToken: user.idToken))
            _ = try await live.send(LookupRequest(idToken: user.idToken))
        },
        BackendRefusal(expected: .tokenExpired, rawCode: "TOKEN_EXPIRED") { live in
            // A token issued before the account's validSince (set when the password was), i.e. revoked.
            let user = try await live.signUp(email: "ada@example.com")
            let old = try unsignedJWT([
                "user_id": try #require(user.localId), "iat": 1, "firebase": ["sign_in_provider": "password"],
            ])
            _ = try await live.send(LookupRequest(idToken: old))
        },
        BackendRefusal(expected: .invalidRefreshToken, rawCode: "INVALID_REFRESH_TOKEN") { live in
            _ = try await live.send(SecureTokenRequest(refreshToken: "no-such-refresh-token"))
        },
        // Identity providers.
        BackendRefusal(expected: .invalidIdpResponse, rawCode: "INVALID_IDP_RESPONSE") { live in
            _ = try await live.send(
                SignInWithIdpRequest(
                    requestUri: "http://localhost", postBody: IdpPostBody.apple(idToken: "garbage", rawNonce: nil)))
        },
        BackendRefusal(expected: .federatedUserIDAlreadyLinked, rawCode: "FEDERATED_USER_ID_ALREADY_LINKED") { live in
            _ = try await live.send(SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody))
            let other = try await live.signUp(email: "grace@example.com")
            _ = try await live.send(
                SignInWithIdpRequest(requestUri: "http://localhost", postBody: postBody, idToken: other.idToken))
        },
        BackendRefusal(expected: .invalidRequestURI, rawCode: "INVALID_REQUEST_URI") { live in
            _ = try await live.send(SignInWithIdpRequest(requestUri: "/__/auth/handler", postBody: postBody))
        },
        BackendRefusal(expected: .invalidCredentialOrProviderID, rawCode: "INVALID_CREDENTIAL_OR_PROVIDER_ID") { live in
            _ = try await live.send(SignInWithIdpRequest(requestUri: "http://localhost"))
        },
        BackendRefusal(expected: .invalidProviderID, rawCode: "INVALID_PROVIDER_ID") { live in
            let user = try await live.signUp(email: "ada@example.com")
            _ = try await live.send(
                RevokeTokenRequest(providerId: "google.com", tokenType: .accessToken, token: "t", idToken: user.idToken)
            )
        },
        // Multi-factor.
        BackendRefusal(expected: .unverifiedEmail, rawCode: "UNVERIFIED_EMAIL") { live in
            let user = try await live.signUp(email: "ada@example.com")
            _ = try await live.send(
                StartMFAEnrollmentRequest(idToken: user.idToken, phoneNumber: phone, verification: .none))
        },
        BackendRefusal(expected: .unsupportedFirstFactor, rawCode: "UNSUPPORTED_FIRST_FACTOR") { live in
            let user = try await live.verifiedUser(email: "ada@example.com")
            _ = try await live.enroll(idToken: user.idToken, phoneNumber: phone)
            // The enrolled number cannot become a first factor.
            try await live.admin("accounts:update", ["localId": try #require(user.localId), "phoneNumber": phone])
            _ = try await live.send(SendVerificationCodeRequest(phoneNumber: phone, verification: .none))
        },
        BackendRefusal(expected: .secondFactorExists, rawCode: "SECOND_FACTOR_EXISTS") { live in
            let user = try await live.verifiedUser(email: "ada@example.com")
            let (_, tokens) = try await live.enroll(idToken: user.idToken, phoneNumber: phone)
            _ = try await live.send(
                StartMFAEnrollmentRequest(idToken: tokens.idToken, phoneNumber: phone, verification: .none))
        },
        BackendRefusal(expected: .mfaEnrollmentNotFound, rawCode: "MFA_ENROLLMENT_NOT_FOUND") { live in
            let user = try await live.verifiedUser(email: "ada@example.com")
            _ = try await live.send(WithdrawMFARequest(idToken: user.idToken, mfaEnrollmentId: "no-such-enrollment"))
        },
        // Not implemented by the emulator (a 501, derived from the status).
        BackendRefusal(expected: .notImplemented, rawCode: nil) { live in
            _ = try await live.send(GetRecaptchaConfigRequest(clientType: .web))
        },
        BackendRefusal(expected: .notImplemented, rawCode: nil, backendOptions: .init(revokeToken: .notImplemented)) {
            live in
            let user = try await live.signUp(email: "ada@example.com")
            _ = try await live.send(
                RevokeTokenRequest(
                    providerId: "apple.com", tokenType: .authorizationCode, token: "c", idToken: user.idToken))
        },
    ]

    @Test("Typed code, raw code, category and guidance", arguments: refusals)
    func roundTrip(refusal: BackendRefusal) async throws {
        let options = refusal.backendOptions
        let live = try LiveBackend(
            emailEnumerationProtection: options.emailEnumerationProtection,
            verificationCodeLifetime: options.verificationCodeLifetime, revokeToken: options.revokeToken
        )
        defer { live.stop() }

        let error = await expectServerError(refusal.expected) { try await refusal.provoke(live) }

        #expect(error?.rawCode == refusal.rawCode)
        #expect(error?.category == refusal.expected.category)
        #expect(error?.message.hasPrefix(refusal.expected.userMessage) == true, "\(error?.message ?? "-")")
        #expect(
            error?.description.hasSuffix("[\(refusal.rawCode ?? refusal.expected.rawValue)]") == true,
            "\(error?.description ?? "-")")
    }
}
