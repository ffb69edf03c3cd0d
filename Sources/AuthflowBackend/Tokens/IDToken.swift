import AuthflowPrimitives
import Foundation

/// The emulator's ID tokens: unsigned JWTs (`{"alg":"none","typ":"JWT"}`, empty signature) whose claims
/// are checked against the current state every time a token is presented.
enum IDToken {
    static let lifetimeSeconds: Int64 = 3600

    /// Tokens for `account`: an ID token, a new opaque refresh token, and `expiresIn` as a string.
    /// Also stamps the account's `lastRefreshAt`. `signInAttributes` (a SAML assertion's attribute
    /// statements) go into this ID token's `firebase.sign_in_attributes` only, as in the emulator: tokens
    /// refreshed later do not carry them.
    static func issue(
        for localId: String, provider: String, secondFactor: SecondFactor? = nil, extraClaims: JSONObject? = nil,
        signInAttributes: JSONValue? = nil, state: inout BackendState, now: Date
    ) -> JSONObject {
        let stamp = RFC3339.string(now)
        guard let account = state.updateAccount(localId, { $0.lastRefreshAt = stamp }) else { return JSONObject() }
        let refreshToken = RandomText.base64URL(64)
        state.storeRefreshToken(
            refreshToken,
            RefreshRecord(localId: localId, provider: provider, secondFactor: secondFactor, extraClaims: extraClaims))
        var object = JSONObject()
        let claims = claims(
            for: account, provider: provider, secondFactor: secondFactor, extraClaims: extraClaims,
            projectID: state.projectID, tenantID: state.tenantID, signInAttributes: signInAttributes, now: now
        )
        object["idToken"] = .string(encode(claims))
        object["refreshToken"] = .string(refreshToken)
        object["expiresIn"] = .string(String(lifetimeSeconds))
        return object
    }

    /// The claims in the emulator's order: profile, reserved fields, `firebase`, then the JWT registered
    /// claims the signing library appends.
    static func claims(
        for account: Account, provider: String, secondFactor: SecondFactor?, extraClaims: JSONObject?,
        projectID: String, tenantID: String? = nil, signInAttributes: JSONValue? = nil, now: Date
    ) -> JSONObject {
        var identities = JSONObject()
        if let email = account.email { identities["email"] = [.string(email)] }
        for info in account.providers where info.providerId != ProviderID.password {
            var ids: [JSONValue] = []
            if case .array(let existing) = identities[info.providerId] { ids = existing }
            ids.append(.string(info.rawId))
            identities[info.providerId] = .array(ids)
        }
        var firebase = JSONObject()
        firebase["identities"] = .object(identities)
        firebase["sign_in_provider"] = .string(provider)
        firebase.set("second_factor_identifier", secondFactor?.identifier)
        firebase.set("sign_in_second_factor", secondFactor?.provider)
        firebase.set("tenant", tenantID)
        firebase.set("sign_in_attributes", signInAttributes)

        var claims = JSONObject()
        claims.set("name", account.displayName)
        claims.set("picture", account.photoUrl)
        CustomClaims.merge(into: &claims, customAttributes: account.customAttributes, sessionClaims: extraClaims)
        claims.set("email", account.email)
        claims.set("email_verified", account.emailVerified)
        claims.set("phone_number", account.phoneNumber)
        if provider == ProviderID.anonymous { claims["provider_id"] = .string(provider) }
        claims["auth_time"] = .number(Double(authTime(account, now: now)))
        claims["user_id"] = .string(account.localId)
        claims["firebase"] = .object(firebase)
        let issuedAt = now.secondsSince1970
        claims["iat"] = .number(Double(issuedAt))
        claims["exp"] = .number(Double(issuedAt + lifetimeSeconds))
        claims["aud"] = .string(projectID)
        claims["iss"] = .string("https://securetoken.google.com/\(projectID)")
        claims["sub"] = .string(account.localId)
        return claims
    }

    /// Seconds: the last sign-in, else the last token refresh, else now.
    private static func authTime(_ account: Account, now: Date) -> Int64 {
        if let lastLogin = account.lastLoginAt { return lastLogin / 1000 }
        if let refresh = account.lastRefreshAt, let date = RFC3339.date(refresh) { return date.secondsSince1970 }
        return now.secondsSince1970
    }

    static func encode(_ claims: JSONObject) -> String {
        let header: JSONValue = ["alg": "none", "typ": "JWT"]
        return Base64.encode(JSONWriter.bytes(header), alphabet: .url) + "."
            + Base64.encode(JSONWriter.bytes(.object(claims)), alphabet: .url) + "."
    }

    /// A JWT's header and payload objects; `nil` unless it has three dot-separated parts whose first two
    /// are unpadded base64url JSON objects (the signature is never checked, as in the emulator).
    static func decodeJWT(_ token: String) -> (header: JSONObject, payload: JSONObject)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            parts[2].utf8.allSatisfy({ Base64.isURLAlphabet($0) }),
            let headerBytes = Base64.decode(parts[0], alphabet: .url),
            let payloadBytes = Base64.decode(parts[1], alphabet: .url),
            let header = try? JSONParser.parse(headerBytes).objectValue,
            let payload = try? JSONParser.parse(payloadBytes).objectValue
        else { return nil }
        return (header, payload)
    }

    /// The emulator's `parseIdToken`: the account a presented ID token belongs to, or the reason it is
    /// refused (`INVALID_ID_TOKEN`, `USER_NOT_FOUND`, `TOKEN_EXPIRED` after revocation, `USER_DISABLED`).
    /// `exp` is deliberately not checked, as in the emulator.
    static func verify(
        _ token: String, state: BackendState
    ) throws(APIError) -> (account: Account, signInProvider: String) {
        guard let (_, payload) = decodeJWT(token), case .object(let firebase)? = payload["firebase"] else {
            throw .badRequest("INVALID_ID_TOKEN")
        }
        if let tenant = firebase["tenant"], tenant.isTruthy {
            try ensure(state.tenant != nil, "((Parsed token that belongs to tenant in a non-tenant project.))")
            try ensure(tenant.stringValue == state.tenantID, "TENANT_ID_MISMATCH")
        }
        guard let localId = payload["user_id"]?.stringValue, let account = state.account(localId: localId) else {
            throw .badRequest("USER_NOT_FOUND")
        }
        if let validSince = account.validSince {
            guard case .number(let issuedAt)? = payload["iat"], issuedAt >= Double(validSince) else {
                throw .badRequest("TOKEN_EXPIRED")
            }
        }
        try ensure(!account.disabled, "USER_DISABLED")
        return (account, firebase["sign_in_provider"]?.stringValue ?? "")
    }
}
