/// POST `securetoken.googleapis.com/v1/token`: exchanges a refresh token for a new ID token. Sent as a form
/// (`grant_type=refresh_token&refresh_token=…`) as the web SDK does, and retried on transient failures.
public struct SecureTokenRequest: IdentityToolkitRequest, Hashable {
    /// The decoded reply.
    public typealias Response = SecureTokenResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.refreshToken

    /// The refresh token from a sign-in.
    public var refreshToken: String

    /// A refresh with `refreshToken`.
    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    /// The encoded body.
    public func encodedBody() throws(IdentityToolkitError) -> RequestBody {
        let form = [
            QueryItem(name: "grant_type", value: "refresh_token"),
            QueryItem(name: "refresh_token", value: refreshToken),
        ].formEncoded
        return .form(Array(form.utf8))
    }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {
        guard !refreshToken.isEmpty else { throw .invalidRequest(.missingRefreshToken) }
    }
}

/// The reply to ``SecureTokenRequest``, which uses snake_case names.
public struct SecureTokenResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The new ID token, from `id_token` or, failing that, `access_token` (the web SDK reads the latter; both
    /// carry the same JWT).
    public let idToken: String
    /// The refresh token to use next time (currently the same one).
    public let refreshToken: String
    /// Seconds until ``idToken`` expires, as sent (`"3600"`).
    public let expiresIn: String?
    /// The Firebase user ID.
    public let userID: String?
    /// The project.
    public let projectID: String?

    private enum CodingKeys: String, CodingKey {
        case idToken = "id_token"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresIn = "expires_in"
        case userID = "user_id"
        case projectID = "project_id"
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let token = container.lenientString(.idToken) ?? container.lenientString(.accessToken), !token.isEmpty
        else {
            throw DecodingError.keyNotFound(
                CodingKeys.idToken, .init(codingPath: [], debugDescription: "Neither id_token nor access_token")
            )
        }
        idToken = token
        guard let refresh = container.lenientString(.refreshToken), !refresh.isEmpty else {
            throw DecodingError.keyNotFound(
                CodingKeys.refreshToken, .init(codingPath: [], debugDescription: "No refresh_token"))
        }
        refreshToken = refresh
        expiresIn = container.lenientString(.expiresIn)
        userID = container.lenientString(.userID)
        projectID = container.lenientString(.projectID)
    }
}
