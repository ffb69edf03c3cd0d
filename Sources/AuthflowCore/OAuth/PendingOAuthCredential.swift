import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation

/// A provider credential Firebase handed back with a refusal (an account collision), kept so the person can
/// sign in to the existing account and then link it, or sign in to the account it belongs to, without going
/// through the provider again. Like ``UpdatedAppleCredential`` it is kept in the project's state directory
/// (0600), used once, and only for a few minutes.
public struct PendingOAuthCredential: Codable, Sendable, Equatable, CustomStringConvertible {
    /// How long a saved credential is offered.
    public static let lifetimeMinutes = 10

    /// The provider, e.g. `github.com`.
    public var providerID: String
    /// `oauthIdToken` from the refusal.
    public var idToken: String?
    /// `oauthAccessToken` from the refusal.
    public var accessToken: String?
    /// `oauthTokenSecret` from the refusal (OAuth 1.0 providers).
    public var tokenSecret: String?
    /// `pendingToken` from the refusal.
    public var pendingToken: String?
    /// The raw nonce the provider's ID token was issued for (the JS SDK's credential carries it when it has no
    /// pending token).
    public var nonce: String?
    /// The email the provider shared, when Firebase said.
    public var email: String?
    /// When Firebase returned it.
    public var receivedAt: Date

    /// The credential in `reply` for `providerID`, or nil when it holds nothing to sign in with.
    init?(reply: SignInWithIdpResponse, providerID: String, receivedAt: Date = Date()) {
        guard
            reply.oauthIdToken?.isEmpty == false || reply.oauthAccessToken?.isEmpty == false
                || reply.pendingToken?.isEmpty == false
        else { return nil }
        self.providerID = reply.providerId ?? providerID
        idToken = reply.oauthIdToken
        accessToken = reply.oauthAccessToken
        tokenSecret = reply.oauthTokenSecret
        pendingToken = reply.pendingToken
        email = reply.email
        self.receivedAt = receivedAt.wholeSeconds
    }

    /// The credential the web route's page posted: the JS SDK's documented `OAuthCredential.toJSON()` (or
    /// `SAMLAuthCredential`'s) from `credentialFromResult`/`credentialFromError`, with its `idToken`,
    /// `accessToken`, `secret`, `nonce`, `pendingToken` and `providerId`; nil when it holds nothing to sign in
    /// with.
    init?(webCredential json: JSONValue, providerID: String, email: String?, receivedAt: Date = Date()) {
        let field = { (name: String) -> String? in
            guard let text = json[name]?.stringValue, !text.isEmpty else { return nil }
            return text
        }
        guard field("idToken") != nil || field("accessToken") != nil || field("pendingToken") != nil else {
            return nil
        }
        self.providerID = field("providerId") ?? providerID
        idToken = field("idToken")
        accessToken = field("accessToken")
        tokenSecret = field("secret")
        pendingToken = field("pendingToken")
        nonce = pendingToken == nil ? field("nonce") : nil
        self.email = email
        self.receivedAt = receivedAt.wholeSeconds
    }

    /// Whether it is still offered at `now`.
    public func isFresh(at now: Date = Date()) -> Bool {
        now.timeIntervalSince(receivedAt) < Double(Self.lifetimeMinutes * 60)
    }

    /// `signInWithIdp` with this credential, as the web SDK sends a credential rebuilt from an error: the
    /// provider's tokens in `postBody`, the pending token beside it.
    func request(linkingTo idToken: String?, autoCreate: Bool) -> SignInWithIdpRequest {
        var fields: [QueryItem] = []
        if let token = self.idToken, !token.isEmpty { fields.append(QueryItem(name: "id_token", value: token)) }
        if let token = accessToken, !token.isEmpty { fields.append(QueryItem(name: "access_token", value: token)) }
        if let secret = tokenSecret, !secret.isEmpty {
            fields.append(QueryItem(name: "oauth_token_secret", value: secret))
        }
        if let nonce, !nonce.isEmpty { fields.append(QueryItem(name: "nonce", value: nonce)) }
        return SignInWithIdpRequest(
            requestUri: "http://localhost", postBody: IdpPostBody.oauth(providerId: providerID, fields: fields),
            idToken: idToken, autoCreate: autoCreate, pendingToken: pendingToken)
    }

    public var description: String {
        "PendingOAuthCredential(\(providerID), email: \(email ?? "nil"), tokens redacted)"
    }
}

extension PendingOAuthCredential {
    /// The file inside a project's state directory.
    public static let fileName = "oauth-pending-credential.json"

    /// Where `directory` keeps the one waiting credential.
    static func file(in directory: ProjectStateDirectory) -> StateFile<PendingOAuthCredential> {
        StateFile(fileName, in: directory)
    }
}
