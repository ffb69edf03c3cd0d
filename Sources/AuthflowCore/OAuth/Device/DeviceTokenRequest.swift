import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowPrimitives

/// One poll of the token endpoint (RFC 8628 §3.4): `grant_type=urn:ietf:params:oauth:grant-type:device_code`,
/// the device code and the client (Google: with its client secret); Facebook's `login_status` takes its
/// `access_token` of `APP_ID|CLIENT_TOKEN` and `code`.
public struct DeviceTokenRequest: Sendable {
    /// The grant type RFC 8628 §3.4 names.
    public static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// The provider's family, which decides the form.
    public let family: OAuthProvider.Family
    /// The token endpoint.
    public let url: String
    /// The client.
    public let client: DeviceGrantClient
    /// The device code the authorization endpoint gave.
    public let deviceCode: String

    /// A poll of `url` for `deviceCode`, as `client`.
    public init(family: OAuthProvider.Family, url: String, client: DeviceGrantClient, deviceCode: String) {
        self.family = family
        self.url = url
        self.client = client
        self.deviceCode = deviceCode
    }

    /// The form fields sent.
    public var fields: [QueryItem] {
        if family == .facebook {
            return [
                QueryItem(name: "access_token", value: client.facebookAccessToken),
                QueryItem(name: "code", value: deviceCode),
            ]
        }
        var fields = [QueryItem(name: "client_id", value: client.clientID)]
        if let secret = client.secret { fields.append(QueryItem(name: "client_secret", value: secret)) }
        fields.append(QueryItem(name: "device_code", value: deviceCode))
        fields.append(QueryItem(name: "grant_type", value: Self.grantType))
        return fields
    }

    /// The HTTP request.
    public var httpRequest: HTTPRequest {
        DeviceGrantForm.post(url, fields)
    }
}
