import AuthflowPrimitives

/// Reading the fake IdP credentials the emulator accepts: an `id_token` that is strict JSON (starts with
/// `{`) or a three-part unpadded JWT whose signature, `alg`, `iss`, `aud`, `exp` and `nonce` are ignored.
enum IdpClaims {
    /// The claims, `nil` when the token is absent or not a JWT; errors use the emulator's exact strings.
    static func parse(_ token: String?) throws(APIError) -> JSONObject? {
        guard let token, !token.isEmpty else { return nil }
        let claims: JSONObject
        if token.hasPrefix("{") {
            guard let parsed = try? JSONParser.parse(token).objectValue else {
                throw .badRequest(
                    "INVALID_IDP_RESPONSE : Unable to parse id_token: \(token) ((Auth Emulator failed to parse fake id_token as strict JSON.))"
                )
            }
            claims = parsed
        } else {
            guard let (_, payload) = IDToken.decodeJWT(token) else { return nil }
            claims = payload
        }
        try ensure(
            claims["sub"]?.isTruthy == true,
            #"INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields. ((Missing "sub" field. This field is required and must be a unique identifier.))"#
        )
        try ensure(claims["sub"]?.stringValue != nil, #"INVALID_IDP_RESPONSE : ((The "sub" field must be a string.))"#)
        return claims
    }

    /// The profile part of the `signInWithIdp` reply, as the emulator's fake IdP fetch builds it, and the
    /// provider's user ID (`sub`).
    /// For `saml.` providers the assertion's subject `nameId` is the address when it is one (and counts as
    /// verified), and its attribute statements are the `rawUserInfo`; `oidc.` and other providers keep the
    /// claims as `rawUserInfo`.
    static func profile(
        providerId: String, claims: JSONObject, saml: SAMLAssertion? = nil
    ) -> (response: JSONObject, rawId: String) {
        let rawId = claims["sub"]?.stringValue ?? ""
        let email = claims["email"]?.stringValue.map(Validation.canonicalEmail)
        // Apple may send "true" as a string; JavaScript's `!!` makes any non-empty string true.
        let emailVerified = claims["email_verified"]?.isTruthy ?? false
        let displayName = claims["name"]?.stringValue
        let photoUrl = claims["picture"]?.stringValue

        var response = JSONObject()
        response["kind"] = "identitytoolkit#VerifyAssertionResponse"
        response["context"] = ""
        response["providerId"] = .string(providerId)
        response.set("displayName", displayName)
        response.set("fullName", displayName)
        response.set("screenName", claims["screen_name"]?.stringValue)
        response.set("email", email)
        response["emailVerified"] = .bool(emailVerified)
        response.set("photoUrl", photoUrl)

        var federatedId = rawId
        if providerId == "google.com" {
            federatedId = "https://accounts.google.com/\(rawId)"
            let givenName = claims["given_name"]?.stringValue
            let familyName = claims["family_name"]?.stringValue
            response.set("firstName", givenName)
            response.set("lastName", familyName)
            var info = JSONObject()
            info["granted_scopes"] = .string(
                "openid https://www.googleapis.com/auth/userinfo.profile"
                    + (email != nil ? " https://www.googleapis.com/auth/userinfo.email" : "")
            )
            info["id"] = .string(rawId)
            info.set("name", displayName)
            info.set("given_name", givenName)
            info.set("family_name", familyName)
            info["verified_email"] = .bool(emailVerified)
            info["locale"] = "en"
            info.set("email", email)
            info.set("picture", photoUrl)
            response["rawUserInfo"] = .string(JSONWriter.string(.object(info)))
        } else if providerId.hasPrefix("saml.") {
            if let nameId = saml?.nameId, Validation.isEmail(nameId) { response["email"] = .string(nameId) }
            response["emailVerified"] = true
            // JSON.stringify(undefined) leaves the field out when there are no statements.
            response.set("rawUserInfo", saml?.attributeStatements.map { JSONWriter.string($0) })
        } else {
            response["rawUserInfo"] = .string(JSONWriter.string(.object(claims)))
        }
        response["federatedId"] = .string(federatedId)
        return (response, rawId)
    }
}
