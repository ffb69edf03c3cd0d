import AuthflowBackend
import AuthflowIdentityToolkit

/// An account that needs an SMS second factor, set up through the REST API as a user would: sign up with a
/// password, verify the email (the backend's admin shortcut), enroll one phone or more.
public enum SecondFactorAccount {
    /// Creates `email` with `password` and enrolls `phoneNumber` as "work phone"; returns the enrollment ID.
    @discardableResult
    public static func create(
        on backend: EmbeddedBackend, email: String, password: String = "correct horse battery",
        phoneNumber: String = "+15555550199"
    ) async throws -> String {
        let ids = try await create(
            on: backend, email: email, password: password, factors: [(phoneNumber, "work phone")])
        return ids[0]
    }

    /// Creates `email` with `password` and enrolls each number under its name, in order; returns the
    /// enrollment IDs in the same order.
    public static func create(
        on backend: EmbeddedBackend, email: String, password: String = "correct horse battery",
        factors: [(phoneNumber: String, displayName: String)]
    ) async throws -> [String] {
        let client = SignedInBackend.client(for: backend)
        let signedUp = try await client.send(SignUpRequest(email: email, password: password))
        guard case .signedIn(let tokens) = signedUp.outcome, let uid = signedUp.localId else {
            throw SetupFailure(reason: "sign-up did not sign in")
        }
        guard backend.markEmailVerified(localID: uid) else { throw SetupFailure(reason: "no account \(uid)") }
        var idToken = tokens.idToken
        for (phoneNumber, displayName) in factors {
            let started = try await client.send(
                StartMFAEnrollmentRequest(
                    idToken: idToken, phoneNumber: phoneNumber, verification: .none))
            guard let code = backend.verificationCodes.first(where: { $0.sessionInfo == started.sessionInfo })?.code
            else {
                throw SetupFailure(reason: "no SMS code for the enrollment")
            }
            let finished = try await client.send(
                FinalizeMFAEnrollmentRequest(
                    idToken: idToken, sessionInfo: started.sessionInfo, code: code, displayName: displayName))
            guard case .signedIn(let next) = finished.outcome else {
                throw SetupFailure(reason: "enrolment gave no tokens")
            }
            idToken = next.idToken
        }
        let enrollments = backend.accounts.first(where: { $0.localID == uid })?.mfaEnrollments ?? []
        guard enrollments.count == factors.count else {
            throw SetupFailure(reason: "the enrollments were not recorded")
        }
        return enrollments.map(\.enrollmentID)
    }
}
