import AuthflowIdentityToolkit
import Foundation

/// The web route's tokens as a sign-in reply, so the session is built and stored as for every other
/// first factor (``SignInEnding``).
struct WebSignInReply: SignInResponse {
    let signInFields: SignInFields

    /// The reply for `tokens`, whose ID token's claims are `claims`.
    init(_ tokens: WebSignInTokens, claims: IDTokenClaims, now: Date = Date()) {
        let lifetime = claims.expiresAt.map { max(0, Int($0.timeIntervalSince(now))) }
        signInFields = SignInFields(
            idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: lifetime.map(String.init),
            localId: claims.userID, email: claims.email ?? tokens.email, phoneNumber: claims.phoneNumber,
            isNewUser: tokens.isNewUser)
    }
}
