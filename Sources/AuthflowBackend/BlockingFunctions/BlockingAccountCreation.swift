import AuthflowPrimitives

/// A sign-in that may create an account, with the blocking functions around it as the emulator orders them.
extension OperationContext {
    /// Creates the account `build` describes: `beforeCreate` sees it before it exists (no providers derived
    /// yet), its changes go into the new account, then `beforeSignIn` sees the stored account unless it is
    /// disabled, and its changes are stored too. The account is stored before a disabled one is refused
    /// (`USER_DISABLED`), as in the emulator. Returns it with the session claims for its tokens.
    mutating func createAccount(
        in state: inout BackendState, signIn: BlockingFunctionSignIn, _ build: (inout Account) -> Void
    ) throws(APIError) -> (account: Account, sessionClaims: JSONObject?) {
        let localId = kept("localId") { state.newLocalId() }
        let createdAt = now.millisecondsSince1970
        var draft = Account(localId: localId, createdAt: createdAt)
        build(&draft)
        let beforeCreate = try blockingFunction(.beforeCreate, for: draft, signIn: signIn, state: state)
        try ensure(state.account(localId: localId) == nil, "DUPLICATE_LOCAL_ID")
        var account = state.createAccount(localId: localId, now: now) { account in
            build(&account)
            beforeCreate.apply(to: &account)
        }
        var sessionClaims: JSONObject?
        if !account.disabled {
            let beforeSignIn = try blockingFunction(.beforeSignIn, for: account, signIn: signIn, state: state)
            sessionClaims = beforeSignIn.sessionClaims
            account = state.updateAccount(localId) { beforeSignIn.apply(to: &$0) } ?? account
        }
        try ensure(!account.disabled, "USER_DISABLED")
        return (account, sessionClaims)
    }

    /// `beforeSignIn` for an existing account as `change` is about to leave it; returns the function's changes,
    /// which the caller stores together with `change`.
    mutating func beforeSignIn(
        _ account: Account, in state: BackendState, signIn: BlockingFunctionSignIn,
        after change: (inout Account) -> Void = { _ in }
    ) throws(APIError) -> BlockingFunctionUpdates {
        var preview = account
        change(&preview)
        return try blockingFunction(.beforeSignIn, for: preview, signIn: signIn, state: state)
    }

    /// Signs in the existing `account`: `beforeSignIn` sees it as `change` is about to leave it (skipped when
    /// `callingBeforeSignIn` is false), then `change` and the function's changes are stored together. Returns the
    /// stored account with the session claims for its tokens; `USER_NOT_FOUND` when the account is gone.
    mutating func signIn(
        existing account: Account, in state: inout BackendState, signIn: BlockingFunctionSignIn,
        callingBeforeSignIn: Bool = true, _ change: (inout Account) -> Void
    ) throws(APIError) -> (account: Account, sessionClaims: JSONObject?) {
        var updates = BlockingFunctionUpdates.none
        if callingBeforeSignIn { updates = try beforeSignIn(account, in: state, signIn: signIn, after: change) }
        let stored = state.updateAccount(account.localId) {
            change(&$0)
            updates.apply(to: &$0)
        }
        guard let stored else { throw .badRequest("USER_NOT_FOUND") }
        return (stored, updates.sessionClaims)
    }
}
