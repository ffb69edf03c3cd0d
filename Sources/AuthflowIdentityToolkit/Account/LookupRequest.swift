/// POST v1 `accounts:lookup`: the signed-in user's account. The SDKs send no tenant here; the ID token
/// already names it.
public struct LookupRequest: IdentityToolkitRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = LookupResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.lookup

    /// The user's ID token.
    public var idToken: String

    /// A lookup of the user of `idToken`.
    public init(idToken: String) {
        self.idToken = idToken
    }
}

/// The reply to ``LookupRequest``.
public struct LookupResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The matching accounts; one for a valid token, empty when the reply has none.
    public let users: [AccountInfo]

    private enum CodingKeys: String, CodingKey {
        case users
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        users = try container.elements(AccountInfo.self, .users) ?? []
    }
}
