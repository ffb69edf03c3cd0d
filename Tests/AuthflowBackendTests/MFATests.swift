import AuthflowBackend
import Foundation
import Testing

@Suite("SMS multi-factor")
struct MFATests {
    @Test("Enrolling needs a verified email: UNVERIFIED_EMAIL; phone and anonymous first factors are refused")
    func prerequisites() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let unverified = try await harness.signUp(email: "ada@example.com")
        let anonymous = try await harness.v1("accounts:signUp", [:]).requireOK()

        let refused = try await harness.v2(
            "accounts/mfaEnrollment:start",
            [
                "idToken": try #require(unverified["idToken"] as? String),
                "phoneEnrollmentInfo": ["phoneNumber": "+15555550199"],
            ])
        let anonymousRefused = try await harness.v2(
            "accounts/mfaEnrollment:start",
            [
                "idToken": try #require(anonymous["idToken"] as? String),
                "phoneEnrollmentInfo": ["phoneNumber": "+15555550199"],
            ])

        #expect(refused.status == 400)
        #expect(
            refused.errorMessage == "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
        #expect(
            anonymousRefused.errorMessage
                == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
    }

    @Test(
        "End to end: sign up, verify by link, enrol, password sign-in stops at mfaPendingCredential, mfaSignIn finishes"
    )
    func endToEnd() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let (idToken, localId) = try await harness.verifiedAccount(email: "ada@example.com")

        // Enrol.
        let started = try await harness.v2(
            "accounts/mfaEnrollment:start",
            [
                "idToken": idToken,
                "phoneEnrollmentInfo": ["phoneNumber": "+15555550199", "recaptchaToken": "ignored"],
            ]
        ).requireOK()
        let enrollSession = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let enrollCode = try await harness.code(for: enrollSession)
        #expect(harness.logs.all.contains("To enroll MFA with +15555550199, use the code \(enrollCode)."))
        let finalized = try await harness.v2(
            "accounts/mfaEnrollment:finalize",
            [
                "idToken": idToken, "displayName": "my phone",
                "phoneVerificationInfo": ["sessionInfo": enrollSession, "code": enrollCode],
            ]
        ).requireOK()
        #expect(finalized["idToken"] is String)
        let enrollment = try #require(harness.backend.accounts.first?.mfaEnrollments.first)
        #expect(enrollment.enrollmentID.count == 28)
        #expect(enrollment.phoneNumber == "+15555550199")

        // First factor: no tokens, a pending credential and masked hints.
        let first = try await harness.v1(
            "accounts:signInWithPassword",
            ["email": "ada@example.com", "password": "secret-password", "returnSecureToken": true]
        ).requireOK()
        #expect(first["idToken"] == nil)
        #expect(first["refreshToken"] == nil)
        let pending = try #require(first["mfaPendingCredential"] as? String)
        let hints = try #require(first["mfaInfo"] as? [[String: Any]])
        #expect(hints.count == 1)
        #expect(hints[0]["phoneInfo"] as? String == "+*******0199")
        #expect(hints[0]["displayName"] as? String == "my phone")
        #expect(hints[0]["mfaEnrollmentId"] as? String == enrollment.enrollmentID)
        let enrolledAt = try #require(hints[0]["enrolledAt"] as? String)
        #expect(
            enrolledAt.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil,
            "RFC 3339 with milliseconds: \(enrolledAt)")

        // The pending credential is padded standard base64 of the emulator's JSON.
        let decoded = try #require(Data(base64Encoded: pending))
        #expect(
            String(decoding: decoded, as: UTF8.self)
                == #"{"_AuthEmulatorMfaPendingCredential":"DO NOT MODIFY","localId":"\#(localId)","signInProvider":"password","projectId":"demo-authflow"}"#
        )
        #expect(pending.count % 4 == 0)

        // Second factor.
        let signInStart = try await harness.v2(
            "accounts/mfaSignIn:start",
            [
                "mfaPendingCredential": pending, "mfaEnrollmentId": enrollment.enrollmentID,
                "phoneSignInInfo": ["phoneNumber": "+*******0199"],
            ]
        ).requireOK()
        let signInSession = try #require(
            (signInStart["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let signInCode = try await harness.code(for: signInSession)
        let done = try await harness.v2(
            "accounts/mfaSignIn:finalize",
            [
                "mfaPendingCredential": pending,
                "phoneVerificationInfo": ["sessionInfo": signInSession, "code": signInCode],
            ]
        ).requireOK()

        let token = try JWTParts(try #require(done["idToken"] as? String))
        #expect(token.firebase["sign_in_provider"] as? String == "password")
        #expect(token.firebase["sign_in_second_factor"] as? String == "phone")
        #expect(token.firebase["second_factor_identifier"] as? String == enrollment.enrollmentID)
        #expect(token.claims["user_id"] as? String == localId)

        // Refreshing keeps the second factor.
        let refreshed = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [("grant_type", "refresh_token"), ("refresh_token", try #require(done["refreshToken"] as? String))]
        ).requireOK()
        #expect(
            try JWTParts(try #require(refreshed["id_token"] as? String)).firebase["sign_in_second_factor"] as? String
                == "phone")
    }

    @Test(
        "MFA errors: missing credential and enrollment ID, unknown enrollment, tampered credential, second factor as first"
    )
    func errors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let (idToken, _) = try await harness.verifiedAccount(email: "ada@example.com")
        let started = try await harness.v2(
            "accounts/mfaEnrollment:start",
            ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550199"]]
        ).requireOK()
        let session = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        _ = try await harness.v2(
            "accounts/mfaEnrollment:finalize",
            [
                "idToken": idToken,
                "phoneVerificationInfo": ["sessionInfo": session, "code": try await harness.code(for: session)],
            ]
        ).requireOK()
        let first = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "secret-password"]
        ).requireOK()
        let pending = try #require(first["mfaPendingCredential"] as? String)

        let noCredential = try await harness.v2("accounts/mfaSignIn:start", ["mfaEnrollmentId": "x"])
        let noEnrollment = try await harness.v2("accounts/mfaSignIn:start", ["mfaPendingCredential": pending])
        let unknown = try await harness.v2(
            "accounts/mfaSignIn:start", ["mfaPendingCredential": pending, "mfaEnrollmentId": "nope"])
        let tampered = try await harness.v2(
            "accounts/mfaSignIn:start", ["mfaPendingCredential": "bm90IGpzb24=", "mfaEnrollmentId": "nope"])
        let finalizeWithout = try await harness.v2(
            "accounts/mfaSignIn:finalize", ["phoneVerificationInfo": ["sessionInfo": "s", "code": "1"]])
        let again = try await harness.v2(
            "accounts/mfaEnrollment:start",
            ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550199"]])
        let phoneFirst = try await harness.v1("accounts:sendVerificationCode", ["phoneNumber": "+15555550199"])

        #expect(
            noCredential.errorMessage
                == "MISSING_MFA_PENDING_CREDENTIAL : Request does not have MFA pending credential.")
        #expect(noEnrollment.errorMessage == "MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        #expect(unknown.errorMessage == "MFA_ENROLLMENT_NOT_FOUND")
        #expect(tampered.errorMessage == "((Invalid phoneVerificationInfo.mfaPendingCredential.))")
        #expect(finalizeWithout.errorMessage == "MISSING_CREDENTIAL : Please set MFA Pending Credential.")
        #expect(
            again.errorMessage
                == "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.")
        // The account's own number is not a first factor here: sendVerificationCode looks at first-factor numbers only.
        #expect(phoneFirst.status == 200)
    }

    @Test("Withdrawing the factor ends the second step; lookup shows the full number to the owner")
    func withdraw() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let (idToken, _) = try await harness.verifiedAccount(email: "ada@example.com")
        let started = try await harness.v2(
            "accounts/mfaEnrollment:start",
            ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550199"]]
        ).requireOK()
        let session = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let finalized = try await harness.v2(
            "accounts/mfaEnrollment:finalize",
            [
                "idToken": idToken,
                "phoneVerificationInfo": ["sessionInfo": session, "code": try await harness.code(for: session)],
            ]
        ).requireOK()
        let newToken = try #require(finalized["idToken"] as? String)

        let looked = try await harness.v1("accounts:lookup", ["idToken": newToken]).requireOK()
        let info = try #require(((looked["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]])?.first)
        let enrollmentId = try #require(info["mfaEnrollmentId"] as? String)
        let withdrawn = try await harness.v2(
            "accounts/mfaEnrollment:withdraw", ["idToken": newToken, "mfaEnrollmentId": enrollmentId]
        ).requireOK()
        let twice = try await harness.v2(
            "accounts/mfaEnrollment:withdraw", ["idToken": newToken, "mfaEnrollmentId": enrollmentId])
        let signIn = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "secret-password"]
        ).requireOK()

        #expect(info["phoneInfo"] as? String == "+15555550199")
        #expect(withdrawn["idToken"] is String)
        #expect(twice.errorMessage == "MFA_ENROLLMENT_NOT_FOUND")
        #expect(signIn["idToken"] is String)
        #expect(signIn["mfaPendingCredential"] == nil)
    }
}
