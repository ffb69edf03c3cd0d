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

    /// A session with a fresh ID token, and why it could not be stored when it could not.
    public struct Fresh: Sendable {
        /// The session, with an ID token valid for at least ``TokenRefresher/refreshMargin``.
        public let session: UserSession
        /// Set when the tokens were refreshed but could not be saved (a full or read-only state directory):
        /// they are good now, and the next call refreshes again. `nil` when nothing needed saving or it was saved.
        public let unsaved: StorageError?
    }

    /// The session with an ID token valid for at least ``refreshMargin``, refreshed and saved when needed
    /// (always when `force` is set). A refreshed session that cannot be saved is an error; see
    /// ``freshSessionEvenIfUnsaved(force:project:)`` for a caller that only needs the token.
    public func freshSession(force: Bool = false, project: SessionProject) async throws(SessionError) -> UserSession {
        let fresh = try await freshSessionEvenIfUnsaved(force: force, project: project)
        if let unsaved = fresh.unsaved { throw .storage(unsaved) }
        return fresh.session
    }

    /// The session with an ID token valid for at least ``refreshMargin``, refreshed when needed (always when
    /// `force` is set) and saved when possible: a state directory that is full or read-only does not keep the
    /// caller from the fresh token, it is returned with the reason it was not saved.
    ///
    /// A still-valid token is read without the lock: reading needs no write, so it also works on a read-only
    /// state directory. (Session files are replaced atomically, so an unlocked read sees a whole file.) When the
    /// lock file itself cannot be opened (a read-only directory), the refresh runs without it and saves nothing,
    /// so it cannot overwrite newer tokens another process stored.
    public func freshSessionEvenIfUnsaved(
        force: Bool = false, project: SessionProject
    ) async throws(SessionError) -> Fresh {
        if !force, let session = try load(), !session.tokens.expires(within: Self.refreshMargin, of: now()) {
            return Fresh(session: session, unsaved: nil)
        }
        let lock = store.directory.file(".lock")
        do {
            return try await store.directory.withLock { () async throws(SessionError) -> Fresh in
                guard let session = try load() else { throw .notSignedIn(project: project) }
                guard force || session.tokens.expires(within: Self.refreshMargin, of: now()) else {
                    return Fresh(session: session, unsaved: nil)
                }
                let refreshed = try await refreshed(session)
                do throws(StorageError) {
                    try store.save(refreshed)
                } catch {
                    return Fresh(session: refreshed, unsaved: error)
                }
                return Fresh(session: refreshed, unsaved: nil)
            }
        } catch let error as SessionError {
            throw error
        } catch StorageError.write(let path, let reason) where path == lock {
            // The lock could not even be opened: refresh, and leave the stored session as it is.
            guard let session = try load() else { throw .notSignedIn(project: project) }
            return Fresh(session: try await refreshed(session), unsaved: .write(path: store.path, reason: reason))
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.write(path: store.path, reason: .unexpected(type: "\(type(of: error))")))
        }
    }

    /// `session` with tokens fresh from the secure-token endpoint, not yet saved.
    private func refreshed(_ session: UserSession) async throws(SessionError) -> UserSession {
        let reply = try await refresh(session.tokens.refreshToken)
        if let mismatch = ProjectMismatch.check(idToken: reply.idToken, project: session.project) {
            throw SessionError.projectMismatch(mismatch)
        }
        var session = session
        session.update(
            tokens: SessionTokens(
                idToken: reply.idToken, refreshToken: reply.refreshToken, expiresIn: reply.expiresIn,
                receivedAt: now()))
        return session
    }

    private func refresh(_ refreshToken: String) async throws(SessionError) -> SecureTokenResponse {
        do {
            return try await client.send(SecureTokenRequest(refreshToken: refreshToken))
        } catch {
            if let server = error.serverError, !error.isBackendUnavailable { throw .rejected(server) }
            throw .service(error)
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
