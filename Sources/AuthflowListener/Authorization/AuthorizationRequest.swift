import AuthflowPrimitives

/// An OAuth 2.0 authorization request for the code flow with PKCE (RFC 6749 §4.1.1, RFC 7636 §4.3), as a native
/// app sends it through the browser (RFC 8252): everything the authorization URL carries, and the ``state`` and
/// ``codeVerifier`` the answer is checked and redeemed with.
///
/// ``AuthorizationSession`` makes one for its listener's redirect URI; build one yourself only to open the
/// browser some other way.
public struct AuthorizationRequest: Sendable, Hashable {
    /// The authorization endpoint, split once.
    public let endpoint: URLParts
    /// The endpoint as given, with any query it already had.
    public let endpointURL: String
    /// The OAuth client ID.
    public let clientID: String
    /// Where the browser is sent back to: a ``RedirectListener``'s ``RedirectListener/redirectURI``.
    public let redirectURI: String
    /// The scopes asked for, sent space-separated; none sends no `scope` parameter.
    public let scopes: [String]
    /// The CSPRNG `state` the callback must carry back.
    public let state: String
    /// The PKCE verifier; its challenge goes in the URL, the verifier itself to the token endpoint.
    public let codeVerifier: CodeVerifier
    /// Further parameters the provider wants (`prompt`, `login_hint`, `nonce`, …), sent after the standard ones.
    public let additionalParameters: QueryParameters

    /// The parameters this type sets itself; neither the endpoint's query nor ``additionalParameters`` may hold
    /// them.
    public static let reservedParameters: Set<String> = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method",
    ]

    /// A request to `endpoint` (an `https` URL, or `http` on a loopback host for a local provider) for `clientID`,
    /// returning to `redirectURI`. `state` and `codeVerifier` are fresh CSPRNG values unless given.
    public init(
        endpoint: String, clientID: String, redirectURI: String, scopes: [String] = [],
        state: String = RandomToken.make(), codeVerifier: CodeVerifier = CodeVerifier(),
        additionalParameters: QueryParameters = QueryParameters()
    ) throws(AuthorizationRequestError) {
        guard let parts = URLParts(endpoint), !parts.host.isEmpty else { throw .notURL(endpoint) }
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(parts.host)
        guard parts.scheme == "https" || parts.scheme == "http" && loopback else {
            throw .insecureEndpoint(scheme: parts.scheme, host: parts.host)
        }
        guard parts.fragment == nil else { throw .endpointHasFragment }
        let given = QueryParameters(query: (parts.query ?? "")[...]).names + additionalParameters.names
        if let reserved = given.first(where: Self.reservedParameters.contains) { throw .reservedParameter(reserved) }
        guard !clientID.isEmpty else { throw .emptyClientID }
        guard !state.isEmpty else { throw .emptyState }
        self.endpoint = parts
        self.endpointURL = endpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = state
        self.codeVerifier = codeVerifier
        self.additionalParameters = additionalParameters
    }

    /// The parameters the URL adds to the endpoint's own query, in order.
    public var parameters: QueryParameters {
        var pairs: [(name: String, value: String)] = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
        ]
        if !scopes.isEmpty { pairs.append(("scope", scopes.joined(separator: " "))) }
        pairs += [("state", state)] + codeVerifier.challengeParameters
        return QueryParameters(pairs: pairs + additionalParameters.pairs)
    }

    /// The URL to open in the browser: the endpoint, its own query kept, and ``parameters`` percent-encoded.
    public var url: String {
        let separator = endpoint.query.map { $0.isEmpty ? "" : "&" } ?? "?"
        return endpointURL + separator + parameters.formEncoded
    }
}
