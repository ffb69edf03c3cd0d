import AuthflowStorage

extension SessionStore {
    /// Stores the session a sign-in produced, under the project's state lock so a concurrent
    /// `authflow token` refresh cannot write older tokens over it, then runs `alongside` (forgetting a
    /// pending email link, say) while still holding the lock.
    func saveSignedIn(_ session: UserSession, alongside: () throws(StorageError) -> Void = {}) async throws(StorageError) {
        do {
            try await directory.withLock {
                try save(session)
                try alongside()
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .write(path: path, reason: "\(error)")
        }
    }
}
