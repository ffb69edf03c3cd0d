import AuthflowIdentityToolkit
import Foundation

/// Apple's OAuth access token from a re-authentication with Apple (`oauthAccessToken` in the `signInWithIdp`
/// reply), kept so that deleting the account can revoke it first, as the web SDK does (`accounts:revokeToken`
/// with `tokenType: ACCESS_TOKEN`): the hosted route never shows Apple's authorization code.
///
/// It is kept in the project's state directory (0600), for the re-authenticated user only, used once, and only
/// for a few minutes.
public struct AppleAccessToken: Codable, Sendable, Equatable, CustomStringConvertible {
    /// How long a kept token is offered for revocation.
    public static let lifetimeMinutes = 10
    /// The file inside a project's state directory.
    public static let fileName = "apple-access-token.json"

    /// The Firebase user who re-authenticated.
    public var uid: String
    /// Apple's access token.
    public var token: String
    /// When Firebase returned it.
    public var receivedAt: Date

    init(uid: String, token: String, receivedAt: Date = Date()) {
        self.uid = uid
        self.token = token
        self.receivedAt = receivedAt.wholeSeconds
    }

    /// Whether it is still offered at `now`.
    public func isFresh(at now: Date = Date()) -> Bool {
        now.timeIntervalSince(receivedAt) < Double(Self.lifetimeMinutes * 60)
    }

    public var description: String { "AppleAccessToken(uid: \(uid), token redacted)" }

    /// Where `directory` keeps the one waiting token.
    static func file(in directory: ProjectStateDirectory) -> StateFile<AppleAccessToken> {
        StateFile(fileName, in: directory)
    }

    /// Keeps Apple's access `token` from a re-authentication with Apple that signed `result`'s user in; any
    /// other purpose or outcome keeps nothing. Only Apple's tokens can be revoked (`accounts:revokeToken` takes
    /// `providerId: apple.com` alone, as the web SDK's `revokeAccessToken` sends it), so only Apple's routes
    /// call this: Sign in with Apple, and the generic OAuth flow's routes for `apple.com`. Best effort: the
    /// sign-in stands if the file cannot be written.
    static func keep(
        _ token: String?, result: SignInResult, purpose: SignInPurpose, in directory: ProjectStateDirectory
    ) {
        guard purpose == .reauthenticate, case .signedIn(let session, _) = result, let token, !token.isEmpty
        else { return }
        try? file(in: directory).save(AppleAccessToken(uid: session.uid, token: token))
    }
}
