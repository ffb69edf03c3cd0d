import AuthflowBackend
import AuthflowIdentityToolkit
import Testing

@Suite("Against the embedded backend: SMS multi-factor enrollment, sign-in and withdrawal")
struct MFAAgainstBackendTests {
    static let email = "ada@example.com"
    static let number = "+15555550199"

    @Test("Enrolling with an unverified email is UNVERIFIED_EMAIL and sends no SMS")
    func unverifiedEmail() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: Self.email)

        let error = await expectServerError(.unverifiedEmail) {
            try await live.send(
                StartMFAEnrollmentRequest(idToken: user.idToken, phoneNumber: Self.number, verification: .none))
        }

        #expect(error?.detail == "Need to verify email first before enrolling second factors.")
        #expect(error?.category == .actionRequired)
        #expect(
            error?.message.hasPrefix("Verify the account's email address before enrolling a second factor.") == true)
        #expect(live.backend.verificationCodes.isEmpty)
    }

    @Test("A phone first factor cannot enroll: UNSUPPORTED_FIRST_FACTOR")
    func phoneFirstFactor() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let (sessionInfo, code) = try await live.sendCode(to: "+15555550100")
        let user = try live.signedIn(
            try await live.send(
                SignInWithPhoneNumberRequest(credential: .verificationCode(sessionInfo: sessionInfo, code: code))
            ).outcome)

        let error = await expectServerError(.unsupportedFirstFactor) {
            try await live.send(
                StartMFAEnrollmentRequest(idToken: user.idToken, phoneNumber: Self.number, verification: .none))
        }

        #expect(error?.category == .unsupported)
    }

    @Test(
        "After verification: enroll, password sign-in stops at a masked hint, mfaSignIn finishes with second-factor claims, withdraw"
    )
    func endToEnd() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.verifiedUser(email: Self.email)

        // Enrollment.
        let started = try await live.send(
            StartMFAEnrollmentRequest(idToken: user.idToken, phoneNumber: Self.number, verification: .none))
        #expect(live.backend.verificationCodes.map(\.phoneNumber) == [Self.number])
        #expect(live.backend.verificationCodes.first?.sessionInfo == started.sessionInfo)
        let wrongCode = await expectServerError(.invalidCode) {
            try await live.send(
                FinalizeMFAEnrollmentRequest(idToken: user.idToken, sessionInfo: started.sessionInfo, code: "12345x"))
        }
        #expect(wrongCode != nil)
        let finalized = try await live.send(
            FinalizeMFAEnrollmentRequest(
                idToken: user.idToken, sessionInfo: started.sessionInfo, code: try live.code(for: started.sessionInfo),
                displayName: "work phone"
            ))
        let enrolledTokens = try live.signedIn(finalized.outcome)
        let enrollment = try #require(live.backend.accounts.first?.mfaEnrollments.first)
        #expect(enrollment.phoneNumber == Self.number)
        #expect(enrollment.displayName == "work phone")
        let enrolledClaims = try JWTClaims(enrolledTokens.idToken)
        #expect(enrolledClaims.firebase["second_factor_identifier"] as? String == enrollment.enrollmentID)
        #expect(enrolledClaims.firebase["sign_in_second_factor"] as? String == "phone")

        // The owner's lookup shows the full number.
        let own = try await live.send(LookupRequest(idToken: enrolledTokens.idToken))
        #expect(own.users.first?.mfaInfo.map(\.phoneInfo) == [Self.number])

        // First factor: no tokens, a pending credential and a masked hint.
        let first = try await live.send(SignInWithPasswordRequest(email: Self.email, password: "secret-password"))
        guard case .secondFactorRequired(let pending?, let hints) = first.outcome else {
            Issue.record("expected a second factor to be required, got \(first.outcome)")
            return
        }
        #expect(first.idToken == nil)
        #expect(first.localId == user.localId)
        #expect(hints.count == 1)
        let hint = try #require(hints.first)
        #expect(hint.phoneInfo == "+*******0199")
        #expect(hint.phoneInfo?.wholeMatch(of: /\+\*{7}\d{4}/) != nil)
        #expect(hint.factor == .phone)
        #expect(hint.displayName == "work phone")
        #expect(hint.mfaEnrollmentId == enrollment.enrollmentID)
        #expect(hint.enrolledDate != nil)

        // Second factor.
        let challenge = try await live.send(
            StartMFASignInRequest(
                mfaPendingCredential: pending, mfaEnrollmentId: hint.mfaEnrollmentId, verification: .none
            ))
        let code = try live.code(for: challenge.sessionInfo)
        #expect(
            live.backend.verificationCodes.first { $0.sessionInfo == challenge.sessionInfo }?.phoneNumber == Self.number
        )
        let done = try await live.send(
            FinalizeMFASignInRequest(mfaPendingCredential: pending, sessionInfo: challenge.sessionInfo, code: code))
        let tokens = try live.signedIn(done.outcome)
        let claims = try JWTClaims(tokens.idToken)
        #expect(claims["user_id"] as? String == user.localId)
        #expect(claims.firebase["sign_in_provider"] as? String == "password")
        #expect(claims.firebase["sign_in_second_factor"] as? String == "phone")
        #expect(claims.firebase["second_factor_identifier"] as? String == enrollment.enrollmentID)
        // The second factor survives a refresh.
        let refreshed = try await live.send(SecureTokenRequest(refreshToken: tokens.refreshToken))
        #expect(
            try JWTClaims(refreshed.idToken).firebase["second_factor_identifier"] as? String == enrollment.enrollmentID)

        // Withdrawal.
        let withdrawn = try await live.send(
            WithdrawMFARequest(idToken: tokens.idToken, mfaEnrollmentId: enrollment.enrollmentID))
        #expect(withdrawn.idToken?.isEmpty == false)
        #expect(withdrawn.refreshToken?.isEmpty == false)
        #expect(live.backend.accounts.first?.mfaEnrollments.isEmpty == true)
        let again = await expectServerError(.mfaEnrollmentNotFound) {
            try await live.send(
                WithdrawMFARequest(idToken: try #require(withdrawn.idToken), mfaEnrollmentId: enrollment.enrollmentID))
        }
        #expect(again?.category == .notFound)
        _ = try await live.signIn(email: Self.email)
    }

    @Test(
        "Email-link sign-in of an MFA user also stops at the challenge; iOS-style verification fields are accepted and ignored"
    )
    func emailLinkAndIOSBodies() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.verifiedUser(email: Self.email)
        let started = try await live.send(
            StartMFAEnrollmentRequest(
                idToken: user.idToken, phoneNumber: Self.number,
                verification: .classicWithEnterpriseFallback(.iosAppCredential(receipt: "receipt", secret: "secret")),
                clientType: .ios
            ))
        _ = try await live.send(
            FinalizeMFAEnrollmentRequest(
                idToken: user.idToken, sessionInfo: started.sessionInfo, code: try live.code(for: started.sessionInfo)
            ))
        _ = try await live.send(
            SendOobCodeRequest(
                kind: .emailSignIn(email: Self.email), settings: .emailSignIn(continueUrl: "https://example.com/done")
            ))
        let oobCode = try #require(live.backend.oobCodes.first).oobCode

        let first = try await live.send(SignInWithEmailLinkRequest(email: Self.email, oobCode: oobCode))
        guard case .secondFactorRequired(let pending?, let hints) = first.outcome, let hint = hints.first else {
            Issue.record("expected a second factor to be required, got \(first.outcome)")
            return
        }
        // iOS sends the masked hint as the number, with its own verification fields.
        let challenge = try await live.send(
            StartMFASignInRequest(
                mfaPendingCredential: pending, mfaEnrollmentId: hint.mfaEnrollmentId, phoneNumber: hint.phoneInfo,
                verification: .classic(.recaptchaV2(token: "v2-token")), clientType: .ios
            ))
        let wrong = await expectServerError(.invalidCode) {
            try await live.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending, sessionInfo: challenge.sessionInfo, code: "999999x"))
        }
        let done = try await live.send(
            FinalizeMFASignInRequest(
                mfaPendingCredential: pending, sessionInfo: challenge.sessionInfo,
                code: try live.code(for: challenge.sessionInfo)
            ))

        #expect(hint.displayName == nil)
        #expect(first.email == Self.email)
        #expect(wrong?.description.contains(pending) == false)
        #expect(wrong?.description.contains(challenge.sessionInfo) == false)
        let claims = try JWTClaims(try live.signedIn(done.outcome).idToken)
        #expect(claims.firebase["sign_in_second_factor"] as? String == "phone")
        #expect(claims["email_verified"] as? Bool == true)
    }

    @Test(
        "Enrolling the same number twice is SECOND_FACTOR_EXISTS; an unknown factor at sign-in is MFA_ENROLLMENT_NOT_FOUND"
    )
    func enrollmentErrors() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.verifiedUser(email: Self.email)
        let (_, tokens) = try await live.enroll(idToken: user.idToken, phoneNumber: Self.number)

        let duplicate = await expectServerError(.secondFactorExists) {
            try await live.send(
                StartMFAEnrollmentRequest(idToken: tokens.idToken, phoneNumber: Self.number, verification: .none))
        }
        let first = try await live.send(SignInWithPasswordRequest(email: Self.email, password: "secret-password"))
        let pending = try #require(first.mfaPendingCredential)
        let unknown = await expectServerError(.mfaEnrollmentNotFound) {
            try await live.send(
                StartMFASignInRequest(
                    mfaPendingCredential: pending, mfaEnrollmentId: "no-such-enrollment", verification: .none))
        }

        #expect(duplicate?.category == .conflict)
        #expect(unknown?.description.contains(pending) == false)
    }
}
