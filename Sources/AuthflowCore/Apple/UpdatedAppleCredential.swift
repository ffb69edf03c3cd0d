import AuthflowIdentityToolkit
import Foundation

/// The credential Firebase returns when linking an Apple ID that already belongs to another user (the iOS
/// SDK's `AuthErrorUserInfoUpdatedCredentialKey`): Apple's tokens cannot be presented twice, so this is the
/// only way to sign in to that other account without asking Apple again.
///
/// It is kept in the project's state directory (0600), used once, and only for a few minutes.
public struct UpdatedAppleCredential: Codable, Sendable, Equatable, CustomStringConvertible {
    /// How long a saved credential is offered.
    public static let lifetimeMinutes = 10

    /// `oauthIdToken` from the refusal.
    public var idToken: String?
    /// `oauthAccessToken` from the refusal.
    public var accessToken: String?
    /// `pendingToken` from the refusal.
    public var pendingToken: String?
    /// The email of the account the Apple ID belongs to, when Firebase said.
    public var email: String?
    /// When Firebase returned it.
    public var receivedAt: Date

    /// The credential in `reply`, or nil when it holds no token to sign in with.
    public init?(reply: SignInWithIdpResponse, receivedAt: Date = Date()) {
        guard
            reply.oauthIdToken?.isEmpty == false || reply.oauthAccessToken?.isEmpty == false
                || reply.pendingToken?.isEmpty == false
        else { return nil }
        idToken = reply.oauthIdToken
        accessToken = reply.oauthAccessToken
        pendingToken = reply.pendingToken
        email = reply.email
        self.receivedAt = receivedAt.wholeSeconds
    }

    /// Whether it is still offered at `now`.
    public func isFresh(at now: Date = Date()) -> Bool {
        now.timeIntervalSince(receivedAt) < Double(Self.lifetimeMinutes * 60)
    }

    public var description: String {
        "UpdatedAppleCredential(email: \(email ?? "nil"), tokens redacted)"
    }
}

extension UpdatedAppleCredential {
    /// The file inside a project's state directory.
    public static let fileName = "apple-updated-credential.json"

    /// Where `directory` keeps the one waiting credential.
    static func file(in directory: ProjectStateDirectory) -> StateFile<UpdatedAppleCredential> {
        StateFile(fileName, in: directory)
    }
}
