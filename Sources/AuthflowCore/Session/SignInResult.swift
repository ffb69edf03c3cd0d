import AuthflowIdentityToolkit
import Foundation

/// How a sign-in ended when it did not fail: a session, or a second factor to provide first.
public enum SignInResult: Sendable, Equatable {
    /// Signed in; the session is stored. `isNewUser` is true when this sign-in created the account.
    case signedIn(UserSession, isNewUser: Bool)
    /// The account needs a second factor; nothing was stored.
    case secondFactorRequired(SecondFactorChallenge)

    /// Reads a sign-in reply the way both SDKs do (see `SignInResponse.outcome`), without storing anything.
    ///
    /// - Parameters:
    ///   - previous: the stored session, for linking and re-authentication: its enrolled factors carry over,
    ///     since a sign-in reply does not list them.
    ///   - expectedUID: for re-authentication, the user the reply must be; another user is refused, as the
    ///     SDKs refuse it (`auth/user-mismatch`).
    static func reading(
        _ reply: some SignInResponse, project: SessionProject, purpose: SignInPurpose, firstFactor: String,
        email: String?, previous: UserSession?, expectedUID: String?, now: Date = Date()
    ) throws(SignInError) -> SignInResult {
        switch reply.outcome {
        case .signedIn(let tokens):
            if let mismatch = ProjectMismatch.check(idToken: tokens.idToken, project: project) {
                throw .projectMismatch(mismatch)
            }
            var session = SessionBuilder.session(
                tokens: tokens, reply: reply, project: project, enrolledFactors: previous?.enrolledFactors ?? [],
                now: now)
            if session.email == nil { session.email = email }
            if let expectedUID, session.uid != expectedUID {
                throw .userMismatch(expectedUID: expectedUID, signedInUID: session.uid, email: session.email)
            }
            return .signedIn(session, isNewUser: reply.isNewUser ?? false)
        case .secondFactorRequired(let pendingCredential, let hints):
            return .secondFactorRequired(
                SecondFactorChallenge(
                    pendingCredential: pendingCredential, hints: hints, firstFactor: firstFactor,
                    email: reply.email ?? email, purpose: purpose, expectedUID: expectedUID, previousSession: previous,
                    project: project))
        case .conflict(let conflict):
            throw .conflict(conflict)
        case .malformed:
            throw .unusableReply
        }
    }
}
