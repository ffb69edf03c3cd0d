import AuthflowBackend
import AuthflowPrimitives
import Foundation
import Testing

/// A TOTP code works once, whichever of the three accepted steps (previous, current, next) it belongs to. The
/// tests elsewhere replay the current and next steps' codes; these replay the previous step's.
@Suite("TOTP: the previous step's code works once")
struct TOTPReplayTests {
    static let email = "ada@example.com"
    static let password = "secret-password"

    /// Waits, if need be, until at least `margin` seconds of the current 30-second step are left, so that the
    /// step this test calls "current" is still the backend's when the requests arrive.
    static func currentStepWithMargin(_ margin: Int64 = 12) async throws -> Int64 {
        var now = Date().timeIntervalSince1970
        let left = 30 - Int64(now.rounded(.down)) % 30
        if left < margin {
            try await Task.sleep(for: .milliseconds(Int64((Double(left) + 0.2) * 1000)))
            now = Date().timeIntervalSince1970
        }
        return Int64(now.rounded(.down)) / 30
    }

    @Test(
        "Enrolled with the previous step's code, that code is refused at sign-in, before and after a fresh one succeeds"
    )
    func previousStepReplay() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let user = try await harness.verifiedAccount(email: Self.email, password: Self.password)
        let started = try await harness.v2(
            "accounts/mfaEnrollment:start", ["idToken": user.idToken, "totpEnrollmentInfo": [String: Any]()]
        ).requireOK()
        let info = try #require(started["totpSessionInfo"] as? [String: Any])
        let secret = try #require(info["sharedSecretKey"] as? String)
        let sessionInfo = try #require(info["sessionInfo"] as? String)
        let generator = try #require(TimeBasedOneTimePassword(base32Secret: secret))

        let step = try await Self.currentStepWithMargin()
        let previous = generator.code(step: step - 1)
        let current = generator.code(step: step)
        try #require(previous != current, "one in a million: the two steps share a code")
        _ = try await harness.v2(
            "accounts/mfaEnrollment:finalize",
            [
                "idToken": user.idToken,
                "totpVerificationInfo": ["sessionInfo": sessionInfo, "verificationCode": previous],
            ]
        ).requireOK()
        let challenged = try await harness.v1(
            "accounts:signInWithPassword",
            ["email": Self.email, "password": Self.password, "returnSecureToken": true]
        ).requireOK()
        let pending = try #require(challenged["mfaPendingCredential"] as? String)
        let enrollmentID = try #require(
            (challenged["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] as? String)
        func finalize(_ code: String) async throws -> Reply {
            try await harness.v2(
                "accounts/mfaSignIn:finalize",
                [
                    "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
                    "totpVerificationInfo": ["verificationCode": code],
                ])
        }

        let replayed = try await finalize(previous)
        let fresh = try await finalize(current)
        let replayedAgain = try await finalize(previous)
        let currentAgain = try await finalize(current)

        #expect(replayed.status == 400, "the enrolment's previous-step code was accepted again: \(replayed.text)")
        #expect(replayed.errorMessage?.hasPrefix("INVALID_CODE") == true)
        #expect(fresh.status == 200, "\(fresh.text)")
        #expect(replayedAgain.status == 400, "an older step's code was accepted after a newer one")
        #expect(currentAgain.status == 400, "a code works once")
    }
}
