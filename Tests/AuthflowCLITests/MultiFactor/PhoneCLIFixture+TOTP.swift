import AuthflowBackend
import AuthflowIdentityToolkit
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation

/// What the TOTP tests add to the phone fixture: accounts with a TOTP factor enrolled through the REST API, the
/// code an authenticator app would show, and a `--code-command` that plays the app with oathtool.
extension PhoneCLIFixture {
    /// A `--code-command` that computes the code from `$AUTHFLOW_TOTP_URI` with oathtool (RFC 6238), an
    /// implementation independent of authflow's.
    static let oathtoolCommand =
        #"oathtool --totp -b "$(printf '%s' "$AUTHFLOW_TOTP_URI" | sed -e 's/.*[?&]secret=\([A-Z2-7]*\).*/\1/')""#

    /// `email` (password ``password``, verified) with a TOTP factor named `displayName`; returns its ID and the
    /// generator an app would hold. The enrolment used the current step's code.
    func totpAccount(
        _ email: String, displayName: String = "phone app"
    ) async throws -> (id: String, app: TimeBasedOneTimePassword) {
        let client = SignedInBackend.client(for: backend)
        let signedUp = try await client.send(SignUpRequest(email: email, password: Self.password))
        guard case .signedIn(let tokens) = signedUp.outcome, let uid = signedUp.localId else {
            throw Unexpected("sign-up failed")
        }
        guard backend.markEmailVerified(localID: uid) else { throw Unexpected("no account \(uid)") }
        let started = try await client.send(StartTOTPMFAEnrollmentRequest(idToken: tokens.idToken))
        guard let app = TimeBasedOneTimePassword(base32Secret: started.sharedSecretKey) else {
            throw Unexpected("bad secret")
        }
        _ = try await client.send(
            FinalizeMFAEnrollmentRequest(
                idToken: tokens.idToken, sessionInfo: started.sessionInfo, verificationCode: app.code(at: Self.now),
                displayName: displayName))
        guard let id = backend.accounts.first(where: { $0.localID == uid })?.mfaEnrollments.first?.enrollmentID else {
            throw Unexpected("the TOTP factor was not recorded")
        }
        return (id, app)
    }

    /// Seconds since 1970, now.
    static var now: Int64 { Int64(Date().timeIntervalSince1970) }

    /// The next step's code: one step of skew is accepted, and the current step's was used by the enrolment.
    static func nextCode(_ app: TimeBasedOneTimePassword) -> String { app.code(at: now + 30) }
}
