import AuthflowPrimitives

/// `accounts:signInWithCustomToken`: as in the emulator, the token may be plain JSON
/// (`{"uid":"…","claims":{…}}`) or an unsigned or signed JWT whose `aud` is the custom-token audience.
/// Handy in tests to create an account with a chosen ID.
enum SignInWithCustomToken {
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let now = context.now
        guard let token = try context.body.nonEmptyString("token") else { throw .badRequest("MISSING_CUSTOM_TOKEN") }
        let payload: JSONObject
        if token.hasPrefix("{") {
            guard let parsed = try? JSONParser.parse(token).objectValue else {
                throw .badRequest(
                    "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
            }
            payload = parsed
        } else {
            let jwt = IDToken.decodeJWT(token)
            if let tenantID = state.tenantID {
                try ensure(jwt?.payload["tenant_id"]?.stringValue == tenantID, "TENANT_ID_MISMATCH")
            }
            guard let (_, decoded) = jwt else {
                throw .badRequest("INVALID_CUSTOM_TOKEN : Invalid assertion format")
            }
            let audienceValue = decoded["aud"].map { $0.stringValue ?? JSONWriter.string($0) } ?? "undefined"
            try ensure(
                decoded["aud"]?.stringValue == audience,
                "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): \(audienceValue) Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))"
            )
            payload = decoded
        }
        guard let localId = primitiveString(payload["uid"]) ?? primitiveString(payload["user_id"]) else {
            throw .badRequest("MISSING_IDENTIFIER")
        }
        var extraClaims: JSONObject?
        if let claims = payload["claims"] {
            guard case .object(let object) = claims else { throw .badRequest("INVALID_CLAIMS") }
            try CustomClaims.validate(claims)
            extraClaims = object
        }

        let existing = state.account(localId: localId)
        let apply = { (account: inout Account) in
            account.customAuth = true
            account.lastLoginAt = now.millisecondsSince1970
        }
        if let existing {
            try ensure(!existing.disabled, "USER_DISABLED")
            state.updateAccount(localId, apply)
        } else {
            state.createAccount(localId: localId, now: now, apply)
        }
        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#VerifyCustomTokenResponse"
        reply["isNewUser"] = .bool(existing == nil)
        reply.merge(
            IDToken.issue(for: localId, provider: ProviderID.custom, extraClaims: extraClaims, state: &state, now: now))
        return reply
    }

    private static func primitiveString(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text.isEmpty ? nil : text
        case .number(let number): JSONWriter.format(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
