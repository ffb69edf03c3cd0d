/// POST v1 `accounts:signInWithIdp`: signs in (or links, or reauthenticates) with a provider credential, either
/// a hosted handler's callback `link` or tokens in ``postBody``.
public struct SignInWithIdpRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = SignInWithIdpResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.signInWithIdp

    /// The handler callback's `link`, or `http://localhost` when ``postBody`` carries the credential.
    public var requestUri: String
    /// The credential as form data; see ``IdpPostBody``.
    public var postBody: String?
    /// The raw (unhashed) session ID whose SHA-256 went into the handler URL.
    public var sessionId: String?
    /// Whether to return Firebase tokens.
    public var returnSecureToken: Bool
    /// Whether to return the provider's tokens; also turns some refusals into a 200 with `errorMessage`.
    public var returnIdpCredential: Bool
    /// The signed-in user's ID token, to link the provider to that user.
    public var idToken: String?
    /// Whether a new account may be created; `false` for reauthentication.
    public var autoCreate: Bool?
    /// A pending token from an earlier reply, instead of a fresh credential.
    public var pendingToken: String?
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A sign-in; both return flags default to `true` as in the SDKs.
    public init(
        requestUri: String, postBody: String? = nil, sessionId: String? = nil, returnSecureToken: Bool = true,
        returnIdpCredential: Bool = true, idToken: String? = nil, autoCreate: Bool? = nil,
        pendingToken: String? = nil, tenantID: String? = nil
    ) {
        self.requestUri = requestUri
        self.postBody = postBody
        self.sessionId = sessionId
        self.returnSecureToken = returnSecureToken
        self.returnIdpCredential = returnIdpCredential
        self.idToken = idToken
        self.autoCreate = autoCreate
        self.pendingToken = pendingToken
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case requestUri, postBody, sessionId, returnSecureToken, returnIdpCredential, idToken, autoCreate
        case pendingToken
        case tenantID = "tenantId"
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !requestUri.isEmpty else {
            throw .invalidRequest(.missingRequestURI)
        }
    }
}
