import AuthflowIdentityToolkit
import AuthflowStorage

/// Confirms an SMS code (`signInWithPhoneNumber`) for a saved verification: signs in, links the number to
/// the signed-in user, or re-authenticates them; stores the session and forgets the verification.
///
/// A wrong code keeps the verification for another try; an expired or unknown one is forgotten. Any reply
/// that used the code (a session, a second-factor challenge, a number owned by another account) forgets it
/// too, since the code cannot be used twice.
public struct PhoneCodeConfirmation: Sendable {
    private let environment: FlowEnvironment

    /// A confirmation with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// Sends `code` for `pending`, for the purpose it was started with. `signedIn` is the session a caller
    /// already loaded for that purpose (``PhoneSignIn`` does before texting); it is loaded here when nil, or
    /// when a link's ID token would expire within ``TokenRefresher/refreshMargin`` (refreshed then).
    public func confirm(
        _ pending: PendingPhoneVerification, code: String, signedIn: UserSession? = nil
    ) async throws(PhoneSignInError) -> SignInResult {
        let purpose = pending.purpose
        let ending = SignInEnding(environment, purpose: purpose)
        let pendingStore = PendingPhoneVerificationStore(directory: environment.directory)
        let previous = try await ending.previousSession(
            reusing: signedIn.map { .some($0) }, reportingAs: PhoneSignInError.self)
        if let startedFor = pending.userID, purpose != .signIn, previous?.uid != startedFor {
            throw .otherUser(startedFor: startedFor, signedIn: previous?.uid)
        }
        let request = SignInWithPhoneNumberRequest(
            credential: .verificationCode(sessionInfo: pending.verificationID, code: code),
            idToken: ending.idTokenToLink(previous), operation: purpose == .reauthenticate ? .reauthenticate : nil)
        let reply: SignInWithPhoneNumberResponse = try await ending.send(request) { server, code in
            Self.failure(server, code: code, pending: pending, store: pendingStore)
        }
        let result: SignInResult
        do {
            result = try ending.read(reply, firstFactor: "phone", email: nil, previous: previous)
        } catch {
            try? pendingStore.remove(pending.phoneNumber)
            throw .signIn(error)
        }
        switch result {
        case .signedIn(let session, _):
            do {
                try await ending.store(session) { () throws(StorageError) in
                    try pendingStore.remove(pending.phoneNumber)
                }
            } catch {
                throw .signIn(error)
            }
        case .secondFactorRequired:
            try? pendingStore.remove(pending.phoneNumber)
        }
        return result
    }

    /// The refusals that are this flow's own: the code, or the verification it belongs to. The stored session
    /// and anything else are ``SignInEnding``'s.
    private static func failure(
        _ server: ServerError, code: ServerErrorCode, pending: PendingPhoneVerification,
        store: PendingPhoneVerificationStore
    ) -> PhoneSignInError? {
        switch code {
        case .invalidCode, .missingCode:
            return .wrongCode(server, pending.phoneNumber)
        case .sessionExpired, .invalidSessionInfo, .missingSessionInfo:
            try? store.remove(pending.phoneNumber)
            return .verificationExpired(server, pending.phoneNumber)
        default:
            return nil
        }
    }
}
