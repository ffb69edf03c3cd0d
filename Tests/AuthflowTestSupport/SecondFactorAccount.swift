import AuthflowBackend
import AuthflowIdentityToolkit

/// An account that needs an SMS second factor, set up through the REST API as a user would: sign up with a
/// password, verify the email (the backend's admin shortcut), enroll a phone.
public enum SecondFactorAccount {
    /// Creates `email` with `password` and enrolls `phoneNumber` as "work phone"; returns the enrollment ID.
    @discardableResult
    public static func create(
        on backend: EmbeddedBackend, email: String, password: String = "correct horse battery",
        phoneNumber: String = "+15555550199"
    ) async throws -> String {
        let client = SignedInBackend.client(for: backend)
        let signedUp = try await client.send(SignUpRequest(email: email, password: password))
        guard case .signedIn(let tokens) = signedUp.outcome, let uid = signedUp.localId else {
            throw SetupFailure(reason: "sign-up did not sign in")
        }
        guard backend.markEmailVerified(localID: uid) else { throw SetupFailure(reason: "no account \(uid)") }
        let started = try await client.send(StartMFAEnrollmentRequest(
            idToken: tokens.idToken, phoneNumber: phoneNumber, verification: .none))
        guard let code = backend.verificationCodes.first(where: { $0.sessionInfo == started.sessionInfo })?.code else {
            throw SetupFailure(reason: "no SMS code for the enrollment")
        }
        _ = try await client.send(FinalizeMFAEnrollmentRequest(
            idToken: tokens.idToken, sessionInfo: started.sessionInfo, code: code, displayName: "work phone"))
        guard let enrollment = backend.accounts.first(where: { $0.localID == uid })?.mfaEnrollments.first?.enrollmentID else {
            throw SetupFailure(reason: "the enrollment was not recorded")
        }
        return enrollment
    }
}
