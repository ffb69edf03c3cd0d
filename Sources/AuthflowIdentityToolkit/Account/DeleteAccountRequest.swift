/// POST v1 `accounts:delete`: deletes the signed-in user's account.
public struct DeleteAccountRequest: IdentityToolkitRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = DeleteAccountResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.deleteAccount

    /// The user's ID token.
    public var idToken: String

    /// A deletion of the user of `idToken`.
    public init(idToken: String) {
        self.idToken = idToken
    }
}

/// The reply to ``DeleteAccountRequest``: empty apart from `kind`.
public struct DeleteAccountResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// `identitytoolkit#DeleteAccountResponse`, when sent.
    public let kind: String?

    private enum CodingKeys: String, CodingKey {
        case kind
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        kind = try decoder.container(keyedBy: CodingKeys.self).lenientString(.kind)
    }
}
