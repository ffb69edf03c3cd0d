/// The identity providers whose device authorization grant (RFC 8628) the backend stands in for, and the
/// paths it serves their endpoints under: each provider's own path behind its host name, so that a client's
/// endpoint override is a base URL (`http://<backend>/github.com` for `https://github.com`).
enum DeviceAuthorizationProvider: String, Sendable, CaseIterable {
    case github = "github.com"
    case google = "google.com"
    case facebook = "facebook.com"
    /// An OIDC issuer with a discovery document; its Firebase provider ID is whatever `oidc.…` the project
    /// configured.
    case oidc

    /// `/github.com`, …: where the stand-in of the provider's host sits.
    var hostPath: String {
        switch self {
        case .github: "/github.com"
        case .google: "/oauth2.googleapis.com"
        case .facebook: "/graph.facebook.com"
        case .oidc: Self.oidcIssuerPath
        }
    }

    /// The OIDC issuer stand-in's path; its issuer is the backend's origin followed by it.
    static let oidcIssuerPath = "/oidc-issuer"

    /// Whether `providerID` (as `signInWithIdp` receives it) is this provider's.
    func matches(providerID: String) -> Bool {
        self == .oidc ? providerID.hasPrefix("oidc.") : providerID == rawValue
    }

    var providerID: String { rawValue }

    /// How long its device codes live, in seconds, as each provider's documentation shows: GitHub 900,
    /// Google 1800, Facebook 420; the OIDC stand-in uses GitHub's.
    var codeLifetime: Int {
        switch self {
        case .github, .oidc: 900
        case .google: 1800
        case .facebook: 420
        }
    }

    /// One endpoint of a stand-in.
    enum Endpoint: Sendable, Equatable {
        /// Starting an authorization (the device authorization endpoint).
        case deviceCode(DeviceAuthorizationProvider)
        /// Polling for the tokens (the token endpoint).
        case token(DeviceAuthorizationProvider)
        /// `GET <issuer>/.well-known/openid-configuration`.
        case discovery
    }

    /// The stand-in endpoint `method` and `path` name, if any. Facebook's paths carry the Graph API version
    /// (`/v19.0/device/login`); any single path segment is taken as one.
    static func endpoint(method: String, path: String) -> Endpoint? {
        if method == "GET" {
            return path == oidcIssuerPath + "/.well-known/openid-configuration" ? .discovery : nil
        }
        guard method == "POST" else { return nil }
        switch path {
        case "/github.com/login/device/code": return .deviceCode(.github)
        case "/github.com/login/oauth/access_token": return .token(.github)
        case "/oauth2.googleapis.com/device/code": return .deviceCode(.google)
        case "/oauth2.googleapis.com/token": return .token(.google)
        case oidcIssuerPath + "/device/code": return .deviceCode(.oidc)
        case oidcIssuerPath + "/token": return .token(.oidc)
        default: break
        }
        let facebook = Self.facebook.hostPath + "/"
        guard path.hasPrefix(facebook) else { return nil }
        let parts = path.dropFirst(facebook.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1] == "device" else { return nil }
        switch parts[2] {
        case "login": return .deviceCode(.facebook)
        case "login_status": return .token(.facebook)
        default: return nil
        }
    }
}
