import AuthflowPrimitives

/// v2 `accounts/passkeyEnrollment:start|finalize` and `accounts/passkeySignIn:start|finalize` as the emulator
/// implements them: WebAuthn options with relying party `localhost`, and no check of the authenticator's
/// attestation or assertion: the response's `id` is taken as the credential ID.
enum PasskeyOperations {
    /// The provider ID tokens from a passkey carry (`firebase.sign_in_provider`).
    static let providerID = "passkey"
    static let relyingParty = "localhost"

    /// `passkeyEnrollment:start`: creation options for the account behind `idToken`.
    static func startEnrollment(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        guard let idToken = try context.body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let account = try IDToken.verify(idToken, state: state).account
        let user = JSONObject([
            ("id", .string(Base64.encode(Array(account.localId.utf8)))),
            ("name", .string(account.email ?? "user@example.com")),
            ("displayName", .string(account.displayName ?? "User")),
        ])
        let options = JSONObject([
            ("rp", ["name": .string(relyingParty), "id": .string(relyingParty)]),
            ("user", .object(user)),
            ("challenge", .string(challenge())),
            ("pubKeyCredParams", [["type": "public-key", "alg": -7], ["type": "public-key", "alg": -257]]),
            ("timeout", 60000),
            ("attestation", "none"),
        ])
        return JSONObject([("credentialCreationOptions", .object(options))])
    }

    /// `passkeyEnrollment:finalize`: records the credential under `name`, else `displayName`, else
    /// "Unnamed Passkey"; a credential ID another account (or this one) holds is `CREDENTIAL_ALREADY_IN_USE`.
    static func finalizeEnrollment(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        let body = context.body
        guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        guard let response = try body.nested("authenticatorRegistrationResponse") else {
            throw .badRequest("MISSING_AUTHENTICATOR_RESPONSE")
        }
        let account = try IDToken.verify(idToken, state: state).account
        guard let credentialId = try response.nonEmptyString("id") else { throw .badRequest("INVALID_CREDENTIAL_ID") }
        try ensure(state.account(passkeyCredentialId: credentialId) == nil, "CREDENTIAL_ALREADY_IN_USE")
        let displayName = try body.nonEmptyString("displayName")
        let name = try body.nonEmptyString("name") ?? displayName ?? "Unnamed Passkey"
        state.updateAccount(account.localId) {
            $0.passkeys = ($0.passkeys ?? []) + [PasskeyRecord(credentialId: credentialId, name: name)]
        }
        var reply = JSONObject([("localId", .string(account.localId))])
        let tokens = IDToken.issue(for: account.localId, provider: providerID, state: &state, now: context.now)
        reply.set("idToken", tokens["idToken"])
        reply.set("refreshToken", tokens["refreshToken"])
        return reply
    }

    /// `passkeySignIn:start`: request options with a fresh challenge.
    static func startSignIn(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        let options = JSONObject([
            ("challenge", .string(challenge())), ("rpId", .string(relyingParty)), ("userVerification", "required"),
        ])
        return JSONObject([("credentialRequestOptions", .object(options))])
    }

    /// `passkeySignIn:finalize`: signs in the account holding the credential.
    static func finalizeSignIn(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        guard let response = try context.body.nested("authenticatorAuthenticationResponse") else {
            throw .badRequest("MISSING_AUTHENTICATOR_RESPONSE")
        }
        guard let credentialId = try response.nonEmptyString("id") else { throw .badRequest("INVALID_CREDENTIAL_ID") }
        guard let account = state.account(passkeyCredentialId: credentialId) else {
            throw .badRequest("PASSKEY_CREDENTIAL_NOT_FOUND")
        }
        try ensure(!account.disabled, "USER_DISABLED")
        state.updateAccount(account.localId) { $0.lastLoginAt = context.now.millisecondsSince1970 }
        let tokens = IDToken.issue(for: account.localId, provider: providerID, state: &state, now: context.now)
        var reply = JSONObject()
        reply.set("idToken", tokens["idToken"])
        reply.set("refreshToken", tokens["refreshToken"])
        return reply
    }

    /// Base64 of 32 random letters and digits, as the emulator makes its challenges.
    private static func challenge() -> String {
        Base64.encode(Array(RandomText.alphanumeric(32).utf8))
    }
}
