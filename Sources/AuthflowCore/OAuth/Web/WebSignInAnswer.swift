/// What the web route's page posts back: the Firebase user the JS SDK signed in, or the SDK's error.
public enum WebSignInAnswer: Sendable, Equatable {
    /// The JS SDK signed the person in.
    case signedIn(WebSignInTokens)
    /// The JS SDK refused (`auth/…` code); `email` and `hints` when the error carries them (an account
    /// collision, a second factor), and the provider's credential `credentialFromError` gave (a collision).
    case failed(code: String, email: String?, hints: [WebSecondFactorHint], credential: PendingOAuthCredential?)
}

/// The tokens and profile the page read through the JS SDK's public API: `user.refreshToken`,
/// `user.getIdToken()`, `OAuthProvider.credentialFromResult(result)` and `getAdditionalUserInfo(result)`.
public struct WebSignInTokens: Sendable, Equatable, CustomStringConvertible {
    /// The Firebase ID token.
    public var idToken: String
    /// The Firebase refresh token.
    public var refreshToken: String
    /// Whether the sign-in created the account (`additionalUserInfo.isNewUser`).
    public var isNewUser: Bool
    /// The provider's OAuth access token (`credential.accessToken`).
    public var providerAccessToken: String?
    /// The provider's ID token (`credential.idToken`).
    public var providerIDToken: String?
    /// The OAuth 1.0 secret (`credential.secret`, Twitter).
    public var providerSecret: String?
    /// The provider's user record (`additionalUserInfo.profile`), as JSON text.
    public var rawUserInfo: String?
    /// The user's email, display name and photo as the SDK's `user` has them.
    public var email: String?
    /// The display name.
    public var displayName: String?
    /// The photo URL.
    public var photoURL: String?
    /// The provider's credential as `credentialFromResult(result).toJSON()` gave it, for linking it elsewhere.
    public var credential: PendingOAuthCredential?

    public var description: String { "WebSignInTokens(tokens redacted)" }
}

/// A second factor as the JS SDK's `MultiFactorResolver.hints` describe it (public fields only).
public struct WebSecondFactorHint: Sendable, Equatable {
    /// `uid`: the enrollment ID.
    public var enrollmentID: String
    /// `factorId`: `phone` or `totp`.
    public var factorID: String
    /// `displayName`.
    public var displayName: String?
    /// `phoneNumber`, masked by Firebase.
    public var phoneNumber: String?
}
