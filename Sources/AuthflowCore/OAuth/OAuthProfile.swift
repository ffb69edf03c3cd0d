import AuthflowIdentityToolkit
import AuthflowPrimitives

/// What the provider told Firebase about the person, as `signInWithIdp` reports it, and the provider's own
/// tokens (shown only on request: a GitHub access token is what calls GitHub's API).
public struct OAuthProfile: Sendable, Equatable, CustomStringConvertible {
    /// The provider, e.g. `github.com`.
    public var providerID: String
    /// The provider's user ID: its `sub` or numeric ID (Google's federated ID URL is reduced to the ID).
    public var providerUserID: String?
    /// The address the provider shared.
    public var email: String?
    /// The name the provider shared.
    public var displayName: String?
    /// The picture's URL.
    public var photoURL: String?
    /// The provider's whole user record (`rawUserInfo`), as JSON text.
    public var rawUserInfo: String?
    /// The provider's OAuth access token (`oauthAccessToken`).
    public var accessToken: String?
    /// The provider's OpenID Connect ID token (`oauthIdToken`).
    public var idToken: String?
    /// The OAuth 1.0 token secret (Twitter, `oauthTokenSecret`).
    public var tokenSecret: String?

    /// The profile in `reply`, for `providerID` when the reply does not name its provider.
    init(reply: SignInWithIdpResponse, providerID: String) {
        self.providerID = reply.providerId ?? providerID
        if let federated = reply.federatedId, federated.hasPrefix("https://"),
            let last = federated.split(separator: "/").last
        {
            providerUserID = String(last)
        } else {
            providerUserID = reply.federatedId
        }
        email = reply.email
        let fromParts = [reply.firstName, reply.lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(
            separator: " ")
        displayName = [reply.displayName, reply.fullName, fromParts].compactMap { $0 }.first { !$0.isEmpty }
        photoURL = reply.photoUrl
        rawUserInfo = reply.rawUserInfo
        accessToken = reply.oauthAccessToken
        idToken = reply.oauthIdToken
        tokenSecret = reply.oauthTokenSecret
    }

    public var description: String {
        "OAuthProfile(\(providerID), email: \(email ?? "nil"), tokens redacted)"
    }
}

extension OAuthProfile {
    /// The profile the web route's page read through the JS SDK, for `providerID`.
    init(web tokens: WebSignInTokens, providerID: String) {
        self.providerID = providerID
        let raw = tokens.rawUserInfo.flatMap { try? JSONParser.parse($0) }
        if let id = raw?["sub"]?.stringValue ?? raw?["id"]?.stringValue {
            providerUserID = id
        } else if case .number(let number)? = raw?["id"] {
            providerUserID = JSONWriter.format(number)
        }
        email = tokens.email
        displayName = tokens.displayName
        photoURL = tokens.photoURL
        rawUserInfo = tokens.rawUserInfo
        accessToken = tokens.providerAccessToken
        idToken = tokens.providerIDToken
        tokenSecret = tokens.providerSecret
    }
}
