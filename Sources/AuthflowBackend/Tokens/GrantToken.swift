import AuthflowPrimitives

/// `POST securetoken.googleapis.com/v1/token`: exchanges a refresh token (form-encoded or JSON body) for a
/// new ID token, in the snake_case reply shape of the secure-token API.
enum GrantToken {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        guard let grantType = try body.nonEmptyString("grantType") else { throw .badRequest("MISSING_GRANT_TYPE") }
        try ensure(grantType == "refresh_token", "INVALID_GRANT_TYPE")
        guard let refreshToken = try body.nonEmptyString("refreshToken") else {
            throw .badRequest("MISSING_REFRESH_TOKEN")
        }
        guard let record = state.refreshTokens[refreshToken], let account = state.account(localId: record.localId)
        else {
            throw .badRequest("INVALID_REFRESH_TOKEN")
        }
        try ensure(!account.disabled, "USER_DISABLED")
        let tokens = IDToken.issue(
            for: account.localId, provider: record.provider, secondFactor: record.secondFactor,
            extraClaims: record.extraClaims,
            state: &state, now: context.now
        )
        var reply = JSONObject()
        reply.set("id_token", tokens["idToken"])
        reply.set("access_token", tokens["idToken"])
        reply.set("expires_in", tokens["expiresIn"])
        reply.set("refresh_token", tokens["refreshToken"])
        reply["token_type"] = "Bearer"
        reply["user_id"] = .string(account.localId)
        reply["project_id"] = .string(state.projectNumber)
        return reply
    }
}
