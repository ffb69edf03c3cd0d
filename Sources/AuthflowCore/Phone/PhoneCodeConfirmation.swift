import AuthflowIdentityToolkit
import AuthflowStorage

/// Confirms an SMS code (`signInWithPhoneNumber`) for a saved verification: signs in, links the number to
/// the signed-in user, or re-authenticates them; stores the session and forgets the verification.
///
/// A wrong code keeps the verification for another try; an expired or unknown one is forgotten. Any reply
/// that used the code (a session, a second-factor challenge, a number owned by another account) forgets it
/// too, since the code cannot be used twice.
public struct PhoneCodeConfirmation: Sendable {
    private let client: IdentityToolkitClient
    private let project: SessionProject
    private let directory: ProjectStateDirectory

    /// A confirmation through `client` for `project`, whose state lives in `directory`.
    public init(client: IdentityToolkitClient, project: SessionProject, directory: ProjectStateDirectory) {
        self.client = client
        self.project = project
        self.directory = directory
    }

    /// Sends `code` for `pending`, for the purpose it was started with.
    public func confirm(_ pending: PendingPhoneVerification, code: String) async throws(PhoneSignInError) -> SignInResult {
        let purpose = pending.purpose
        let sessions = SessionStore(directory: directory)
        let pendingStore = PendingPhoneVerificationStore(directory: directory)
        let previous: UserSession?
        do {
            previous = try await sessions.session(for: purpose, client: client, project: project)
        } catch {
            throw .session(error)
        }
        if let startedFor = pending.userID, purpose != .signIn, previous?.uid != startedFor {
            throw .otherUser(startedFor: startedFor, signedIn: previous?.uid)
        }
        let request = SignInWithPhoneNumberRequest(
            credential: .verificationCode(sessionInfo: pending.verificationID, code: code),
            idToken: purpose == .link ? previous?.tokens.idToken : nil,
            operation: purpose == .reauthenticate ? .reauthenticate : nil)
        let reply: SignInWithPhoneNumberResponse
        do {
            reply = try await client.send(request)
        } catch {
            throw Self.failure(error, pending: pending, store: pendingStore, purpose: purpose)
        }
        let result: SignInResult
        do {
            result = try SignInResult.reading(
                reply, project: project, purpose: purpose, firstFactor: "phone", email: nil, previous: previous,
                expectedUID: purpose == .reauthenticate ? previous?.uid : nil)
        } catch {
            try? pendingStore.remove(pending.phoneNumber)
            throw .signIn(error)
        }
        switch result {
        case .signedIn(let session, _):
            do {
                try await sessions.saveSignedIn(session) { () throws(StorageError) in
                    try pendingStore.remove(pending.phoneNumber)
                }
            } catch {
                throw .signIn(.storage(error))
            }
        case .secondFactorRequired:
            try? pendingStore.remove(pending.phoneNumber)
        }
        return result
    }

    private static func failure(
        _ error: IdentityToolkitError, pending: PendingPhoneVerification, store: PendingPhoneVerificationStore,
        purpose: SignInPurpose
    ) -> PhoneSignInError {
        guard let server = error.serverError, !error.isBackendUnavailable, let code = server.code else {
            return .signIn(.service(error))
        }
        switch code {
        case .invalidCode, .missingCode:
            return .wrongCode(server, pending.phoneNumber)
        case .sessionExpired, .invalidSessionInfo, .missingSessionInfo:
            try? store.remove(pending.phoneNumber)
            return .verificationExpired(server, pending.phoneNumber)
        case .invalidIDToken, .tokenExpired, .userNotFound, .userDisabled, .credentialTooOldLoginAgain:
            return purpose == .link ? .session(.rejected(server)) : .signIn(.service(error))
        default:
            return .signIn(.service(error))
        }
    }
}
