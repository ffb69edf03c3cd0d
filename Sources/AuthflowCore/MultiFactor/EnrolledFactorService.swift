import AuthflowIdentityToolkit
import AuthflowStorage

/// The signed-in user's second factors: list them as the account has them now, or withdraw one
/// (`mfaEnrollment:withdraw`, `multiFactor.unenroll` in the SDKs).
public struct EnrolledFactorService: Sendable {
    private let environment: FlowEnvironment

    /// The service for the session stored in `environment`'s directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// The session with the factors an account lookup returns now (stored, so `whoami` shows them too).
    public func list() async throws(SecondFactorError) -> UserSession {
        do {
            return try await AccountService(environment).refreshProfile()
        } catch {
            throw .session(error)
        }
    }

    /// Withdraws the factor `selector` names (ID, display name or list number) and stores the session with
    /// the tokens the server returned (when it returned any) and without that factor.
    public func unenroll(
        _ selector: String
    ) async throws(SecondFactorError) -> (session: UserSession, removed: EnrolledFactor) {
        let session = try await list()
        let factor = try FactorSelection.choose(selector, among: session.enrolledFactors)
        let reply: WithdrawMFAResponse
        do {
            reply = try await environment.client.send(
                WithdrawMFARequest(
                    idToken: session.tokens.idToken, mfaEnrollmentId: factor.id, tenantID: environment.project.tenantID)
            )
        } catch {
            throw .accountRefusal(error, session: session)
        }
        var updated = session
        updated.enrolledFactors.removeAll { $0.id == factor.id }
        if let idToken = reply.idToken, let refreshToken = reply.refreshToken {
            updated.update(tokens: SessionTokens(idToken: idToken, refreshToken: refreshToken, expiresIn: nil))
            updated.secondFactorID = IDTokenClaims(jwt: idToken)?.secondFactorID
        }
        do {
            try await SessionStore(directory: environment.directory).saveSignedIn(updated)
        } catch {
            throw .storage(error)
        }
        return (updated, factor)
    }
}
