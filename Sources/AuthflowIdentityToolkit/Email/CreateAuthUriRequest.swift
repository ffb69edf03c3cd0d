/// POST v1 `accounts:createAuthUri` with an email: which sign-in methods that email has. With email
/// enumeration protection on, the reply leaves them out, which means "unknown", not "none".
public struct CreateAuthUriRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = CreateAuthUriResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.createAuthUri

    /// The email to look up.
    public var identifier: String
    /// An absolute URL; unused for email lookups but required (the SDKs send the current page, or
    /// `http://localhost`).
    public var continueUri: String
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A lookup of `identifier`.
    public init(identifier: String, continueUri: String = "http://localhost", tenantID: String? = nil) {
        self.identifier = identifier
        self.continueUri = continueUri
        self.tenantID = tenantID
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, continueUri
        case tenantID = "tenantId"
    }
}

/// The reply to ``CreateAuthUriRequest``.
public struct CreateAuthUriResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// `identitytoolkit#CreateAuthUriResponse`.
    public let kind: String?
    /// Whether the email has an account; `nil` when the server does not say.
    public let registered: Bool?
    /// Provider IDs of the account, e.g. `password`.
    public let allProviders: [String]?
    /// Sign-in methods: `password` and/or `emailLink`; `nil` when withheld.
    public let signinMethods: [String]?
    /// A session ID for IdP flows started here.
    public let sessionId: String?
    /// The provider's authorization URL, for IdP lookups.
    public let authUri: String?

    private enum CodingKeys: String, CodingKey {
        case kind, registered, allProviders, signinMethods, sessionId, authUri
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = container.lenientString(.kind)
        registered = container.lenientBool(.registered)
        allProviders = container.lenientStrings(.allProviders)
        signinMethods = container.lenientStrings(.signinMethods)
        sessionId = container.lenientString(.sessionId)
        authUri = container.lenientString(.authUri)
    }
}
