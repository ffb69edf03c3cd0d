import AuthflowPrimitives

/// `accounts:delete`: the caller's own account (`idToken`), or any account for an admin (`localId`).
enum DeleteAccount {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let account: Account
        if context.privileged {
            guard let localId = try body.nonEmptyString("localId") else { throw .badRequest("MISSING_LOCAL_ID") }
            guard let found = state.account(localId: localId) else { throw .badRequest("USER_NOT_FOUND") }
            account = found
        } else {
            guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
            account = try IDToken.verify(idToken, state: state).account
        }
        state.deleteAccount(account.localId)
        return JSONObject([("kind", "identitytoolkit#DeleteAccountResponse")])
    }
}
