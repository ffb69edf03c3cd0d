/// Where one provider's device authorization grant (RFC 8628) is asked for and polled.
///
/// GitHub, Google and Facebook publish fixed endpoints; an OIDC provider names its own in its discovery document
/// (``OIDCDiscoveryRequest``). A base URL (a stand-in of the providers, such as the embedded backend) replaces the
/// scheme of each fixed endpoint, keeping its host as the first path segment:
/// `https://github.com/login/device/code` becomes `<base>/github.com/login/device/code`.
public struct DeviceGrantEndpoints: Sendable, Equatable {
    /// The device authorization endpoint (RFC 8628 §3.1).
    public let authorization: String
    /// The endpoint polled for the token (RFC 8628 §3.4).
    public let token: String

    /// Endpoints given whole (an OIDC provider's, from its discovery document).
    public init(authorization: String, token: String) {
        self.authorization = authorization
        self.token = token
    }

    /// The version of the Graph API the Facebook endpoints are asked through (the version Facebook's device
    /// login documentation shows).
    public static let facebookGraphVersion = "v2.6"

    /// The published endpoints of `family`, under `base` when given; nil for a family with no fixed device
    /// endpoints (OIDC, whose are discovered) or no device grant into Firebase at all.
    public static func published(for family: OAuthProvider.Family, base: String?) -> DeviceGrantEndpoints? {
        let pair: (String, String)
        switch family {
        case .github:
            pair = ("https://github.com/login/device/code", "https://github.com/login/oauth/access_token")
        case .google:
            pair = ("https://oauth2.googleapis.com/device/code", "https://oauth2.googleapis.com/token")
        case .facebook:
            let graph = "https://graph.facebook.com/\(facebookGraphVersion)"
            pair = (graph + "/device/login", graph + "/device/login_status")
        case .microsoft, .yahoo, .twitter, .apple, .oidc, .saml:
            return nil
        }
        return DeviceGrantEndpoints(authorization: rebased(pair.0, base: base), token: rebased(pair.1, base: base))
    }

    /// `url` with its `https://` replaced by `base` and a slash, when a base is given.
    static func rebased(_ url: String, base: String?) -> String {
        guard let base else { return url }
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return trimmed + "/" + url.dropFirst("https://".count)
    }
}
