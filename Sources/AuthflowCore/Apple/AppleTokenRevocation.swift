import AuthflowIdentityToolkit
import AuthflowStorage
import Foundation

/// Apple's rule for deleting an account that signs in with Apple: revoke the user's Apple tokens first
/// (`accounts:revokeToken` with a fresh authorization code), then delete the Firebase account. The iOS
/// guide's order is: re-authenticate with Apple (which yields the code), revoke, delete.
///
/// A successful revocation is recorded for the signed-in user, so `delete-account` can tell whether the
/// step was done.
public struct AppleTokenRevocation: Sendable {
    /// How long a revocation counts as the step before deletion.
    public static let validityMinutes = 15

    /// The record of the last revocation, kept in the project's state directory.
    public struct Record: Codable, Sendable, Equatable {
        /// The Firebase user whose Apple token was revoked.
        public var uid: String
        /// When.
        public var revokedAt: Date
    }

    /// The file inside a project's state directory.
    public static let fileName = "apple-revocation.json"

    private let environment: FlowEnvironment
    private var client: IdentityToolkitClient { environment.client }
    private var store: SessionStore { SessionStore(directory: environment.directory) }

    /// Revocation for the session stored in `environment`'s directory, through its client.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// Revokes the Apple authorization `code` for the signed-in user (sent as token type `"3"`, as iOS sends
    /// an authorization code), and records it. Returns the user.
    public func revoke(authorizationCode code: String) async throws(SessionError) -> UserSession {
        let session = try await TokenRefresher(client: client, store: store)
            .freshSession(project: environment.project)
        do {
            _ = try await client.send(
                RevokeTokenRequest(
                    providerId: AppleCredential.providerID, tokenType: .authorizationCode, token: code,
                    idToken: session.tokens.idToken))
        } catch {
            if let server = error.serverError, !error.isBackendUnavailable { throw .rejected(server) }
            throw .service(error)
        }
        do {
            try file.save(Record(uid: session.uid, revokedAt: Date().wholeSeconds))
        } catch {
            throw .storage(error)
        }
        return session
    }

    /// Whether a re-authentication with Apple kept a fresh access token for `session`'s user, which
    /// ``revokeKeptAccessToken(for:)`` can revoke.
    public func hasKeptAccessToken(for session: UserSession, now: Date = Date()) -> Bool {
        guard let token = try? AppleAccessToken.file(in: store.directory).load() else { return false }
        return token.uid == session.uid && token.isFresh(at: now)
    }

    /// Revokes the Apple access token a re-authentication with Apple kept for `session`'s user (sent as token
    /// type `ACCESS_TOKEN`, as the web SDK does), and records it. Returns false, sending nothing, when no fresh
    /// token is kept for that user; the kept token is used once either way.
    public func revokeKeptAccessToken(for session: UserSession) async throws(SessionError) -> Bool {
        let kept = AppleAccessToken.file(in: store.directory)
        guard let token = try? kept.load(), token.uid == session.uid, token.isFresh() else {
            try? kept.remove()
            return false
        }
        let fresh = try await TokenRefresher(client: client, store: store).freshSession(
            project: environment.project)
        do {
            _ = try await client.send(
                RevokeTokenRequest(
                    providerId: AppleCredential.providerID, tokenType: .accessToken, token: token.token,
                    idToken: fresh.tokens.idToken))
        } catch {
            try? kept.remove()
            if let server = error.serverError, !error.isBackendUnavailable { throw .rejected(server) }
            throw .service(error)
        }
        try? kept.remove()
        do {
            try file.save(Record(uid: session.uid, revokedAt: Date().wholeSeconds))
        } catch {
            throw .storage(error)
        }
        return true
    }

    /// Whether `session` signs in with Apple and its Apple token has not been revoked in the last
    /// ``validityMinutes`` minutes: then deleting it now would skip Apple's required step.
    public func deletionNeedsRevocation(_ session: UserSession, now: Date = Date()) -> Bool {
        guard
            session.providerIDs.contains(AppleCredential.providerID)
                || session.signInProvider == AppleCredential.providerID
        else { return false }
        guard let record = try? file.load(), record.uid == session.uid else { return true }
        return now.timeIntervalSince(record.revokedAt) >= Double(Self.validityMinutes * 60)
    }

    /// Forgets the record (after the account is gone).
    public func forget() {
        try? file.remove()
        try? AppleAccessToken.file(in: store.directory).remove()
    }

    private var file: StateFile<Record> { StateFile(Self.fileName, in: store.directory) }
}
