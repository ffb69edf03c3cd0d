import AuthflowBackend
import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation
import Testing

/// TOTP second factors against the embedded backend over real HTTP: the request/response pairs, the codes
/// computed from the secret as an authenticator app would (RFC 6238), and the refusals.
@Suite("Against the embedded backend: TOTP multi-factor enrolment and sign-in")
struct TOTPAgainstBackendTests {
    static let email = "ada@example.com"

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    static func generator(_ started: StartTOTPMFAEnrollmentResponse) throws -> TimeBasedOneTimePassword {
        try #require(
            TimeBasedOneTimePassword(
                base32Secret: started.sharedSecretKey, digits: started.verificationCodeLength, period: started.periodSec
            ))
    }

    @Test(
        "Start hands out a 160-bit SHA1 secret (6 digits, 30 s, finalize time); a wrong code is INVALID_CODE; the right one enrolls; sign-in finalizes with the next step's code, once"
    )
    func enrolAndSignIn() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.verifiedUser(email: Self.email)

        let started = try await live.send(StartTOTPMFAEnrollmentRequest(idToken: user.idToken))
        #expect(started.hashingAlgorithm == "SHA1")
        #expect(started.verificationCodeLength == 6)
        #expect(started.periodSec == 30)
        #expect(Base32.decode(started.sharedSecretKey)?.count == 20)
        #expect((started.finalizeEnrollmentDate ?? .distantPast) > Date())
        #expect(!started.description.contains(started.sharedSecretKey), "the secret is redacted")
        let generator = try Self.generator(started)
        let right = generator.code(at: Self.now())

        let wrong = await expectServerError(.invalidCode) {
            try await live.send(
                FinalizeMFAEnrollmentRequest(
                    idToken: user.idToken, sessionInfo: started.sessionInfo,
                    verificationCode: right == "000000" ? "111111" : "000000"))
        }
        #expect(wrong != nil)
        let enrolled = try live.signedIn(
            try await live.send(
                FinalizeMFAEnrollmentRequest(
                    idToken: user.idToken, sessionInfo: started.sessionInfo, verificationCode: right,
                    displayName: "phone app")
            ).outcome)
        let enrollment = try #require(live.backend.accounts.first?.mfaEnrollments.first)
        #expect(enrollment.isTOTP)
        #expect(enrollment.displayName == "phone app")
        #expect(enrolled.idToken.isEmpty == false)

        let first = try await live.send(SignInWithPasswordRequest(email: Self.email, password: "secret-password"))
        guard case .secondFactorRequired(let pending?, let hints) = first.outcome else {
            Issue.record("expected a second-factor challenge, got \(first.outcome)")
            return
        }
        #expect(hints.map(\.factor) == [.totp])
        #expect(hints.first?.mfaEnrollmentId == enrollment.enrollmentID)

        // The enrolment used this step's code: the same code again is refused, the next step's is accepted once.
        let replay = await expectServerError(.invalidCode) {
            try await live.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending, mfaEnrollmentId: enrollment.enrollmentID, verificationCode: right))
        }
        #expect(replay != nil)
        let next = generator.code(at: Self.now() + 30)
        let signedIn = try live.signedIn(
            try await live.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending, mfaEnrollmentId: enrollment.enrollmentID, verificationCode: next)
            ).outcome)
        let claims = try JWTClaims(signedIn.idToken)
        #expect(claims.firebase["sign_in_second_factor"] as? String == "totp")
        #expect(claims.firebase["second_factor_identifier"] as? String == enrollment.enrollmentID)
        let again = await expectServerError(.invalidCode) {
            try await live.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending, mfaEnrollmentId: enrollment.enrollmentID, verificationCode: next))
        }
        #expect(again != nil, "a code works once")
        let far = await expectServerError(.invalidCode) {
            try await live.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending, mfaEnrollmentId: enrollment.enrollmentID,
                    verificationCode: generator.code(at: Self.now() + 150)))
        }
        #expect(far != nil, "only one step of skew is accepted")
        let forged = await expectServerError(.invalidMFAPendingCredential) {
            try await live.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: "bm90IGEgY3JlZGVudGlhbA==", mfaEnrollmentId: enrollment.enrollmentID,
                    verificationCode: next))
        }
        #expect(forged != nil)
    }

    @Test("A secret finalized past finalizeEnrollmentTime is SESSION_EXPIRED and enrolls nothing")
    func expired() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.verifiedUser(email: Self.email)
        let started = try await live.send(StartTOTPMFAEnrollmentRequest(idToken: user.idToken))
        live.backend.expireTOTPEnrollments()

        let error = await expectServerError(.sessionExpired) {
            try await live.send(
                FinalizeMFAEnrollmentRequest(
                    idToken: user.idToken, sessionInfo: started.sessionInfo,
                    verificationCode: try Self.generator(started).code(at: Self.now())))
        }
        #expect(error != nil)
        #expect(live.backend.accounts.first?.mfaEnrollments.isEmpty == true)
    }

    @Test("TOTP switched off for the project: OPERATION_NOT_ALLOWED on start; switched on again it works")
    func disabled() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.verifiedUser(email: Self.email)
        live.backend.setTOTPEnabled(false)

        let error = await expectServerError(.operationNotAllowed) {
            try await live.send(StartTOTPMFAEnrollmentRequest(idToken: user.idToken))
        }
        #expect(error?.detail == "TOTP MFA is not enabled for this project.")

        live.backend.setTOTPEnabled(true)
        let started = try await live.send(StartTOTPMFAEnrollmentRequest(idToken: user.idToken))
        #expect(!started.sessionInfo.isEmpty)
    }

    @Test("An unverified email is UNVERIFIED_EMAIL; a phone first factor is UNSUPPORTED_FIRST_FACTOR")
    func refusals() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let unverified = try await live.signUp(email: "bob@example.com")
        let notVerified = await expectServerError(.unverifiedEmail) {
            try await live.send(StartTOTPMFAEnrollmentRequest(idToken: unverified.idToken))
        }
        #expect(notVerified != nil)

        let (sessionInfo, code) = try await live.sendCode(to: "+15555550100")
        let phoneUser = try live.signedIn(
            try await live.send(
                SignInWithPhoneNumberRequest(
                    credential: .verificationCode(sessionInfo: sessionInfo, code: code))
            ).outcome)
        let unsupported = await expectServerError(.unsupportedFirstFactor) {
            try await live.send(StartTOTPMFAEnrollmentRequest(idToken: phoneUser.idToken))
        }
        #expect(unsupported != nil)
    }

    @Test(
        "The request bodies: totpEnrollmentInfo {}, totpVerificationInfo with sessionInfo/verificationCode, and mfaEnrollmentId beside it on sign-in"
    )
    func bodies() throws {
        func body(_ request: some IdentityToolkitRequest) throws -> String {
            guard case .json(let bytes) = try request.encodedBody() else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(try body(StartTOTPMFAEnrollmentRequest(idToken: "T")) == #"{"idToken":"T","totpEnrollmentInfo":{}}"#)
        #expect(
            try body(
                FinalizeMFAEnrollmentRequest(
                    idToken: "T", sessionInfo: "S", verificationCode: "123456", displayName: "app"))
                == #"{"displayName":"app","idToken":"T","totpVerificationInfo":{"sessionInfo":"S","verificationCode":"123456"}}"#
        )
        #expect(
            try body(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: "P", mfaEnrollmentId: "E", verificationCode: "123456"))
                == #"{"mfaEnrollmentId":"E","mfaPendingCredential":"P","totpVerificationInfo":{"verificationCode":"123456"}}"#
        )
    }
}
