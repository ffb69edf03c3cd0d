import AuthflowPrimitives

/// The access-token request that redeems an authorization code (RFC 6749 §4.1.3, RFC 7636 §4.5): a form to POST
/// to the provider's token endpoint with the HTTP client of your choice.
///
/// The form is built here and not sent: the `AuthflowListener` product carries no HTTP client (no libcurl), so a
/// program posts it with the one it already has (`AuthflowHTTP`'s, `URLSession`, AsyncHTTPClient). The answer
/// holds the tokens; read it as the provider documents.
public struct TokenRequest: Sendable, Hashable {
    /// The media type of ``body``.
    public static let contentType = "application/x-www-form-urlencoded"

    /// The form's parameters in order: `grant_type`, `code`, `redirect_uri`, `client_id`, `code_verifier`, and
    /// `client_secret` when there is one.
    public let parameters: QueryParameters

    /// The form for `code`, issued to `clientID` for `redirectURI` under `codeVerifier`'s challenge.
    public init(
        code: String, redirectURI: String, clientID: String, codeVerifier: CodeVerifier, clientSecret: String? = nil
    ) {
        var pairs: [(name: String, value: String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", clientID), ("code_verifier", codeVerifier.value),
        ]
        if let clientSecret { pairs.append(("client_secret", clientSecret)) }
        parameters = QueryParameters(pairs: pairs)
    }

    /// The body to send, percent-encoded as ``contentType``.
    public var body: String { parameters.formEncoded }
}
