import AuthflowPrimitives

/// Runs a REST operation that may have to call blocking functions without holding the state lock during the
/// call. The operation runs under the lock as an undoable run of the state (``BackendState/beginUndoableRun()``);
/// when it reaches a function not yet called (``OperationContext/blockingFunction(_:for:signIn:state:)``) it
/// stops, its changes are undone, the call is made with the lock released, and the operation runs again from the
/// start with the answer, re-checking everything against the state as it is then. Only a run that finishes (reply or error) is committed, so a request
/// changes the state once, atomically, as the emulator's single thread would. Without configured triggers the
/// operation runs directly on the state.
enum BlockingFunctionRun {
    /// What an operation throws to stop at a pending call; never sent.
    static let suspended = APIError.internalError("((A blocking function call is pending.))")

    /// Runs the operation through `underLock` (which takes the state lock, finds the request's state and
    /// hands it to ``attempt(_:_:_:)``), calling pending functions between runs with the lock released.
    static func perform(
        _ context: inout OperationContext,
        underLock: (inout OperationContext) -> Result<JSONObject, APIError>?
    ) -> Result<JSONObject, APIError> {
        for _ in 0...BlockingFunctionEvent.allCases.count {
            let logCount = context.logs.count
            if let outcome = underLock(&context) { return outcome }
            guard let call = context.pendingBlockingCall else { break }
            context.logs.removeSubrange(logCount...)
            context.pendingBlockingCall = nil
            context.blockingOutcomes[call.event] = BlockingFunctionClient.call(call)
        }
        return .failure(.internalError("((Blocking functions were called more often than their events allow.))"))
    }

    /// One run of `run` on `state` under the lock: `nil` when it stopped at a function still to be called
    /// (the state untouched), else its outcome, committed.
    static func attempt(
        _ run: Operation, _ state: inout BackendState, _ context: inout OperationContext
    ) -> Result<JSONObject, APIError>? {
        guard state.projectConfig.hasTriggers else {
            do throws(APIError) {
                return .success(try run(&state, &context))
            } catch {
                return .failure(error)
            }
        }
        let undoable = state.beginUndoableRun()
        do throws(APIError) {
            let reply = try run(&state, &context)
            state.commit(undoable)
            return .success(reply)
        } catch {
            if context.pendingBlockingCall != nil {
                state.rollBack(undoable)
                return nil
            }
            state.commit(undoable)
            return .failure(error)
        }
    }
}

extension OperationContext {
    /// The changes the `event` function asks for `account` (its state just before the event), after calling it
    /// if needed: none when the project has no function for the event; the function's error reply when it
    /// failed. Throws ``BlockingFunctionRun/suspended`` while the call is still to be made.
    mutating func blockingFunction(
        _ event: BlockingFunctionEvent, for account: Account, signIn: BlockingFunctionSignIn, state: BackendState
    ) throws(APIError) -> BlockingFunctionUpdates {
        guard let url = state.projectConfig.functionURL(event) else { return .none }
        if let outcome = blockingOutcomes[event] { return try outcome.get() }
        pendingBlockingCall = BlockingFunctionCall(
            event: event, url: url, account: account, signIn: signIn, config: state.projectConfig,
            projectID: state.projectID, now: now)
        throw BlockingFunctionRun.suspended
    }
}
