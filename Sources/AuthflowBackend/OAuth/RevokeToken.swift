import AuthflowPrimitives

/// v2 `accounts:revokeToken`: accepts an Apple token for the signed-in user and answers `{}`, as
/// production does. The emulator itself answers 501 (see ``EmbeddedBackend/Configuration/revokeToken``).
enum RevokeToken {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let account = try IDToken.verify(idToken, state: state).account
        guard let providerId = try body.nonEmptyString("providerId") else { throw .badRequest("INVALID_PROVIDER_ID") }
        try ensure(providerId == "apple.com", "INVALID_PROVIDER_ID : ((Only apple.com tokens can be revoked.))")
        guard let token = try body.nonEmptyString("token") else {
            throw .badRequest("INVALID_ARGUMENT : ((Missing token.))")
        }
        state.revocations.append(
            Revocation(
                providerId: providerId, tokenType: try body.string("tokenType"), token: token, localId: account.localId)
        )
        return JSONObject()
    }

    /// The emulator's reply: the operation is in its API description but has no implementation.
    static func notImplemented(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        throw .notImplemented("identitytoolkit.accounts.revokeToken is not implemented in the Auth Emulator.")
    }
}
