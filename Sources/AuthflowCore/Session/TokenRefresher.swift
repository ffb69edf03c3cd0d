import AuthflowIdentityToolkit
import AuthflowStorage
import Foundation

/// Keeps a stored session's ID token fresh through the secure-token endpoint.
///
/// The refresh runs under the project's state lock and re-reads the session inside it, so concurrent
/// `authflow token` calls refresh once and never overwrite each other's newer tokens.
public struct TokenRefresher: Sendable {
    /// An ID token expiring within this many seconds is refreshed first, so it outlives the caller's request.
    public static let refreshMargin: TimeInterval = 5 * 60

    private let client: IdentityToolkitClient
    private let store: SessionStore
    private let now: @Sendable () -> Date

    /// A refresher for the session in `store`, refreshing through `client`.
    public init(client: IdentityToolkitClient, store: SessionStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.store = store
        self.now = now
    }

    /// The session with an ID token valid for at least ``refreshMargin``, refreshed and saved when needed
    /// (always when `force` is set).
    /// A still-valid token is read without the lock: reading needs no write, so it also works on a read-only
    /// state directory. (Session files are replaced atomically, so an unlocked read sees a whole file.)
    public func freshSession(force: Bool = false, project: SessionProject) async throws(SessionError) -> UserSession {
        if !force, let session = try load(), !session.tokens.expires(within: Self.refreshMargin, of: now()) {
            return session
        }
        do {
            return try await store.directory.withLock { () async throws(SessionError) -> UserSession in
                guard var session = try load() else { throw .notSignedIn(project: project) }
                guard force || session.tokens.expires(within: Self.refreshMargin, of: now()) else { return session }
                let reply = try await refresh(session.tokens.refreshToken)
                if let mismatch = ProjectMismatch.check(idToken: reply.idToken, project: session.project) {
                    throw SessionError.projectMismatch(mismatch)
                }
                session.update(
                    tokens: SessionTokens(
                        idToken: reply.idToken, refreshToken: reply.refreshToken, expiresIn: reply.expiresIn,
                        receivedAt: now()))
                try save(session)
                return session
            }
        } catch let error as SessionError {
            throw error
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.write(path: store.path, reason: .unexpected(type: "\(type(of: error))")))
        }
    }

    private func refresh(_ refreshToken: String) async throws(SessionError) -> SecureTokenResponse {
        do {
            return try await client.send(SecureTokenRequest(refreshToken: refreshToken))
        } catch {
            if let server = error.serverError, !error.isBackendUnavailable { throw .rejected(server) }
            throw .service(error)
        }
    }

    private func save(_ session: UserSession) throws(SessionError) {
        do {
            try store.save(session)
        } catch {
            throw .storage(error)
        }
    }

    private func load() throws(SessionError) -> UserSession? {
        do {
            return try store.load()
        } catch {
            throw .storage(error)
        }
    }
}
