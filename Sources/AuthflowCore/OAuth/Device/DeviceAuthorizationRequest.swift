import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowPrimitives

/// The request to a device authorization endpoint (RFC 8628 §3.1), in each provider's form: a form-encoded
/// `POST` with `client_id` and `scope` (GitHub: `Accept: application/json`), or Facebook's `access_token` of
/// `APP_ID|CLIENT_TOKEN` and `scope`.
public struct DeviceAuthorizationRequest: Sendable {
    /// The provider's family, which decides the form.
    public let family: OAuthProvider.Family
    /// The endpoint.
    public let url: String
    /// The client.
    public let client: DeviceGrantClient

    /// A request for `family`'s endpoint `url`, as `client`.
    public init(family: OAuthProvider.Family, url: String, client: DeviceGrantClient) {
        self.family = family
        self.url = url
        self.client = client
    }

    /// The scopes asked for: enough for Firebase to read the person's identity.
    public static func scopes(for family: OAuthProvider.Family) -> String {
        switch family {
        case .github: "read:user user:email"
        case .facebook: "public_profile,email"
        default: "openid email profile"
        }
    }

    /// The form fields sent.
    public var fields: [QueryItem] {
        let scope = QueryItem(name: "scope", value: Self.scopes(for: family))
        if family == .facebook {
            return [QueryItem(name: "access_token", value: client.facebookAccessToken), scope]
        }
        return [QueryItem(name: "client_id", value: client.clientID), scope]
    }

    /// The HTTP request.
    public var httpRequest: HTTPRequest {
        DeviceGrantForm.post(url, fields)
    }

    /// The endpoint's answer, or why it is not one.
    public static func interpret(_ response: HTTPResponse) -> Result<DeviceAuthorization, DeviceGrantProblem> {
        guard let body = try? JSONParser.parse(response.body) else {
            return .failure(.unexpectedAnswer(status: response.status))
        }
        if let refusal = DeviceGrantForm.refusal(body) { return .failure(refusal) }
        guard (200..<300).contains(response.status), let authorization = DeviceAuthorization(json: body) else {
            return .failure(.unexpectedAnswer(status: response.status))
        }
        return .success(authorization)
    }
}
