import AuthflowPrimitives

/// `signInWithIdp`'s reading of the tokens the identity-provider stand-ins issued, as production reads real
/// ones: GitHub's and Facebook's access tokens resolve to the user who approved them (production asks the
/// provider's user API), and Google's and OIDC ID tokens count only when their audience is a client ID the
/// project accepts for the provider. Tokens the stand-ins did not issue are left to the emulator's
/// fake-token rules (``IdpClaims``).
enum DeviceAuthorizationCredential {
    /// The claims the credential stands for, `nil` when neither token came from the stand-ins.
    static func claims(
        providerId: String, idToken: String?, accessToken: String?, registry: DeviceAuthorizationRegistry?,
        state: BackendState
    ) throws(APIError) -> JSONObject? {
        guard let registry else { return nil }
        if let idToken, let issued = registry.issued(idToken) {
            guard issued.provider.matches(providerID: providerId),
                let (_, payload) = IDToken.decodeJWT(idToken)
            else { throw .badRequest(foreignToken(providerId)) }
            let audience = payload["aud"]?.stringValue ?? ""
            guard allowedAudiences(providerId, registry: registry, state: state).contains(audience) else {
                throw .badRequest(wrongAudience(providerId, audience: audience, state: state))
            }
            // An OIDC provider's tokens must come from the issuer its configuration names, as production checks.
            if providerId.hasPrefix(ProviderConfigRegistry.Kind.oidc.idPrefix),
                let issuer = state.providerConfigs.config(.oidc, id: providerId)?["issuer"]?.stringValue,
                payload["iss"]?.stringValue != issuer
            {
                throw .badRequest(
                    "INVALID_IDP_RESPONSE : Invalid Idp Response: the id_token was not issued by \(issuer), the issuer of \(providerId)."
                )
            }
            return payload
        }
        if let accessToken, let issued = registry.issued(accessToken),
            issued.provider == .github || issued.provider == .facebook
        {
            guard issued.provider.matches(providerID: providerId) else { throw .badRequest(foreignToken(providerId)) }
            var claims = JSONObject()
            claims["sub"] = .string(issued.user.sub)
            claims.set("email", issued.user.email)
            // Neither provider's address counts as verified for Firebase (they are not its trusted providers).
            claims["email_verified"] = false
            claims.set("name", issued.user.name)
            return claims
        }
        return nil
    }

    /// Google: the client IDs safelisted for the Google provider; OIDC: the provider configuration's client ID
    /// and any allowed besides.
    private static func allowedAudiences(
        _ providerId: String, registry: DeviceAuthorizationRegistry, state: BackendState
    ) -> Set<String> {
        var allowed = registry.audiences(for: providerId)
        if providerId.hasPrefix(ProviderConfigRegistry.Kind.oidc.idPrefix),
            let clientID = state.providerConfigs.config(.oidc, id: providerId)?["clientId"]?.stringValue
        {
            allowed.insert(clientID)
        }
        return allowed
    }

    /// Production's refusal of a Google ID token issued to a client the project does not accept; the OIDC
    /// wording follows it (production's own was not found documented).
    private static func wrongAudience(_ providerId: String, audience: String, state: BackendState) -> String {
        if providerId == "google.com" {
            return
                "INVALID_IDP_RESPONSE : Invalid Idp Response: the Google id_token is not allowed to be used with this application. Its audience (OAuth 2.0 client ID) is \(audience), which is not authorized to be used in the project with project_number: \(state.projectNumber)."
        }
        return
            "INVALID_IDP_RESPONSE : Invalid Idp Response: the id_token is not allowed to be used with this application. Its audience (OAuth 2.0 client ID) is \(audience), which is not the client ID of \(providerId)."
    }

    /// A token another provider issued: the provider does not know it.
    private static func foreignToken(_ providerId: String) -> String {
        "INVALID_IDP_RESPONSE : Invalid Idp Response: the credential was not issued by \(providerId)."
    }
}
