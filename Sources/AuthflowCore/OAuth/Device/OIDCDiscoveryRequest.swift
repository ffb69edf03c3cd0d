import AuthflowHTTP
import AuthflowPrimitives

/// The OIDC issuer's discovery document (`<issuer>/.well-known/openid-configuration`), read for its
/// `device_authorization_endpoint` (RFC 8628 §4) and `token_endpoint`.
public struct OIDCDiscoveryRequest: Sendable {
    /// The issuer, as configured.
    public let issuer: String

    /// The document of `issuer`.
    public init(issuer: String) {
        self.issuer = issuer
    }

    /// The HTTP request.
    public var httpRequest: HTTPRequest {
        let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        return HTTPRequest(
            url: base + "/.well-known/openid-configuration",
            headers: [HTTPHeader(name: "Accept", value: "application/json")])
    }

    /// The device endpoints the document names.
    public func interpret(_ response: HTTPResponse) -> Result<DeviceGrantEndpoints, DeviceGrantProblem> {
        guard (200..<300).contains(response.status), let body = try? JSONParser.parse(response.body) else {
            return .failure(.unexpectedAnswer(status: response.status))
        }
        guard let authorization = body["device_authorization_endpoint"]?.stringValue,
            let token = body["token_endpoint"]?.stringValue
        else { return .failure(.noDeviceEndpoint(issuer: issuer)) }
        return .success(DeviceGrantEndpoints(authorization: authorization, token: token))
    }
}
