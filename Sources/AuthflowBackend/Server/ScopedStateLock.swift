/// One scope's state under the backend's state lock: `withLock` runs its body on that state with every
/// scope locked, as the emulator runs one request at a time.
struct ScopedStateLock: Sendable {
    let service: BackendService
    let scope: StateScope

    func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout BackendState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = service.scopes.withLock { scopes in
            do throws(Failure) {
                return .success(try scopes.withState(scope, body))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
