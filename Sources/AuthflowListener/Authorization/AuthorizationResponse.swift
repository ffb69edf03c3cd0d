/// A checked answer to an ``AuthorizationRequest``: the callback carried the request's `state`, came first, and
/// holds an authorization code. Redeem it with ``tokenRequest(clientSecret:)``.
public struct AuthorizationResponse: Sendable, Hashable {
    /// The request this answers, with the PKCE verifier the code is redeemed with.
    public let request: AuthorizationRequest
    /// The authorization code (`code`).
    public let code: String
    /// The `iss` parameter (RFC 9207) when the server sent one; compare it with the issuer you expect.
    public let issuer: String?
    /// The callback itself, for any other parameter the provider sent.
    public let callback: RedirectCallback

    /// The answer `callback` gives to `request`, already checked.
    init(request: AuthorizationRequest, code: String, callback: RedirectCallback) {
        self.request = request
        self.code = code
        self.issuer = callback.parameters.nonEmptyValue("iss", rule: .firstWins)
        self.callback = callback
    }

    /// The token request that redeems the code: the form to POST to the provider's token endpoint.
    /// `clientSecret` is for confidential clients only; a native app normally has none (RFC 8252 §8.5).
    public func tokenRequest(clientSecret: String? = nil) -> TokenRequest {
        TokenRequest(
            code: code, redirectURI: request.redirectURI, clientID: request.clientID,
            codeVerifier: request.codeVerifier, clientSecret: clientSecret)
    }
}
