/// The OAuth client a device sign-in runs as: its ID, and the secret the provider wants with it (Google's
/// device clients' client secret, a Facebook app's client token), if any.
public struct DeviceGrantClient: Sendable, Equatable {
    /// The client ID (a Facebook app ID for Facebook).
    public var clientID: String
    /// Google's client secret or Facebook's client token; never shown.
    public var secret: String?

    /// A client.
    public init(clientID: String, secret: String? = nil) {
        self.clientID = clientID
        self.secret = secret
    }

    /// Facebook's client access token, `APP_ID|CLIENT_TOKEN`.
    var facebookAccessToken: String { clientID + "|" + (secret ?? "") }

    /// The configuration keys of `family`'s device client: its ID, and its secret when the provider wants one.
    public static func keys(for family: OAuthProvider.Family) -> [ConfigurationKey] {
        switch family {
        case .github: [.githubDeviceClientID]
        case .google: [.googleDeviceClientID, .googleDeviceClientSecret]
        case .facebook: [.facebookAppID, .facebookClientToken]
        case .oidc: [.oidcDeviceClientID]
        case .microsoft, .yahoo, .twitter, .apple, .saml: []
        }
    }

    /// `provider`'s device client as `configuration` sets it, or which keys are missing.
    static func configured(
        for provider: OAuthProvider, in configuration: ProjectConfiguration
    ) throws(OAuthSignInError) -> DeviceGrantClient {
        let keys = keys(for: provider.family)
        let missing = keys.filter { configuration[$0] == nil }
        guard let idKey = keys.first, missing.isEmpty, let clientID = configuration[idKey] else {
            throw .deviceClientMissing(provider: provider, missing: missing)
        }
        return DeviceGrantClient(clientID: clientID, secret: keys.dropFirst().first.flatMap { configuration[$0] })
    }
}
