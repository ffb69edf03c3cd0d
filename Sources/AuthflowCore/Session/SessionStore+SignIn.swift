import AuthflowIdentityToolkit
import AuthflowStorage

extension SessionStore {
    /// Stores the session a sign-in produced, under the project's state lock so a concurrent
    /// `authflow token` refresh cannot write older tokens over it, then runs `alongside` (forgetting a
    /// pending email link, say) while still holding the lock.
    func saveSignedIn(
        _ session: UserSession, alongside: () throws(StorageError) -> Void = {}
    ) async throws(StorageError) {
        do {
            try await directory.withLock {
                try save(session)
                try alongside()
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .write(path: path, reason: .unexpected(type: "\(type(of: error))"))
        }
    }

    /// The stored session a sign-in for `purpose` builds on: none for a plain sign-in; for linking, one with a
    /// valid ID token (refreshed when due); for re-authentication, whoever is signed in, even with tokens too
    /// old to refresh.
    func session(
        for purpose: SignInPurpose, client: IdentityToolkitClient, project: SessionProject
    ) async throws(SessionError) -> UserSession? {
        switch purpose {
        case .signIn:
            return nil
        case .link:
            return try await TokenRefresher(client: client, store: self).freshSession(project: project)
        case .reauthenticate:
            let loaded: UserSession?
            do {
                loaded = try load()
            } catch {
                throw .storage(error)
            }
            guard let loaded else { throw .notSignedIn(project: project) }
            return loaded
        }
    }
}
