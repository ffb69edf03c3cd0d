import AuthflowIdentityToolkit
import AuthflowStorage
import Foundation

/// Adds a TOTP authenticator app as a second factor of the signed-in user: `TotpMultiFactorGenerator` with
/// `generateSecret` and `multiFactor.enroll` in the SDKs.
///
/// ``start()`` looks the account up (an unverified email is refused before asking for a secret) and calls
/// `mfaEnrollment:start` with `totpEnrollmentInfo`; the caller shows the ``TOTPSecret`` (QR code, key, URI) and
/// gets a code from the app; ``finish(_:code:displayName:)`` sends it with `mfaEnrollment:finalize` and stores
/// the new tokens with the refreshed list of factors. The secret is never written anywhere.
public struct TOTPEnrollment: Sendable {
    /// A started enrolment: the session it belongs to and the secret to show.
    public struct Started: Sendable {
        /// The signed-in session, refreshed.
        public let session: UserSession
        /// The secret, shown once.
        public let secret: TOTPSecret
    }

    private let environment: FlowEnvironment

    /// Enrolment with `environment`'s client, for its project, keeping the session in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// Asks the server for a new secret for the signed-in user.
    public func start() async throws(SecondFactorError) -> Started {
        let session: UserSession
        do {
            session = try await AccountService(environment).refreshProfile()
        } catch {
            throw .session(error)
        }
        guard session.email != nil, session.emailVerified == true else { throw .emailNotVerified(email: session.email) }
        let reply: StartTOTPMFAEnrollmentResponse
        do {
            reply = try await environment.client.send(
                StartTOTPMFAEnrollmentRequest(
                    idToken: session.tokens.idToken, tenantID: environment.project.tenantID))
        } catch {
            throw Self.refusal(error, session: session, enrolling: true)
        }
        return Started(session: session, secret: TOTPSecret(reply))
    }

    /// Runs `command` with the otpauth URI in `AUTHFLOW_TOTP_URI` and returns the code it prints.
    public func code(from command: CodeProgram, uri: String) async throws(SecondFactorError) -> String {
        do {
            return try await command.totpCode(uri: uri, project: environment.project)
        } catch {
            throw .totp(error)
        }
    }

    /// Enrolls `started`'s secret with `code` under `displayName`; returns the stored session and the new factor.
    public func finish(
        _ started: Started, code: String, displayName: String?
    ) async throws(SecondFactorError) -> (session: UserSession, factor: EnrolledFactor) {
        let session = started.session
        let store = SessionStore(directory: environment.directory)
        // The code is accepted once, and the finalize request's new tokens must then be stored.
        do {
            try store.checkWritable()
        } catch {
            throw .signIn(.cannotStore(error))
        }
        let reply: FinalizeMFAEnrollmentResponse
        do {
            reply = try await environment.client.send(
                FinalizeMFAEnrollmentRequest(
                    idToken: session.tokens.idToken, sessionInfo: started.secret.sessionInfo,
                    verificationCode: code.trimmingCharacters(in: .whitespaces), displayName: displayName,
                    tenantID: environment.project.tenantID))
        } catch {
            throw Self.refusal(error, session: session, enrolling: true)
        }
        guard case .signedIn(let tokens) = reply.outcome else { throw .signIn(.unusableReply) }
        var updated = session
        updated.update(
            tokens: SessionTokens(
                idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn))
        let claims = IDTokenClaims(jwt: tokens.idToken)
        updated.secondFactorID = claims?.secondFactorID ?? updated.secondFactorID
        do {
            try await store.saveSignedIn(updated)
        } catch {
            throw .storage(error)
        }
        let known = Set(session.enrolledFactors.map(\.id))
        if let refreshed = try? await AccountService(environment).refreshProfile() { updated = refreshed }
        let factor =
            updated.enrolledFactors.first { !known.contains($0.id) && $0.factorKind == .totp }
            ?? EnrolledFactor(id: claims?.secondFactorID ?? "", displayName: displayName, kind: .totp)
        return (updated, factor)
    }

    /// Refusals of TOTP calls, read the same way for enrolment and sign-in.
    static func refusal(_ error: IdentityToolkitError, session: UserSession?, enrolling: Bool) -> SecondFactorError {
        guard let server = error.serverError, !error.isBackendUnavailable, let code = server.code else {
            return session.map { .accountRefusal(error, session: $0) } ?? .signIn(.service(error))
        }
        switch code {
        case .totpNotEnabled, .operationNotAllowed:
            return .totp(.notEnabled(server))
        case .invalidCode, .missingCode:
            return .totp(.wrongCode(server, enrolling: enrolling))
        case .sessionExpired, .invalidSessionInfo, .missingSessionInfo:
            return .totp(.enrollmentExpired(server))
        default:
            return session.map { .accountRefusal(error, session: $0) } ?? .signIn(.service(error))
        }
    }
}
