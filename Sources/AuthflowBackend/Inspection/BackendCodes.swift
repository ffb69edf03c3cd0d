import Foundation

/// An SMS code the backend "sent" (what `GET /emulator/v1/projects/<id>/verificationCodes` lists).
public struct BackendVerificationCode: Sendable, Hashable {
    /// The 6-digit code.
    public let code: String
    /// The number it was sent to.
    public let phoneNumber: String
    /// The verification ID the client got back (`sessionInfo`).
    public let sessionInfo: String
}

/// An email action code the backend "sent" (what `GET /emulator/v1/projects/<id>/oobCodes` lists).
public struct BackendOobCode: Sendable, Hashable {
    /// The address the email went to.
    public let email: String
    /// `EMAIL_SIGNIN`, `PASSWORD_RESET`, `VERIFY_EMAIL`, `VERIFY_AND_CHANGE_EMAIL` or `RECOVER_EMAIL`.
    public let requestType: String
    /// The code, 54 base64url characters.
    public let oobCode: String
    /// The action link, in the emulator's exact shape.
    public let oobLink: String
    /// The new address, for `VERIFY_AND_CHANGE_EMAIL`.
    public let newEmail: String?
}

/// A token the stand-in reCAPTCHA page (`/__/auth/handler?authType=verifyApp`) issued.
public struct BackendRecaptchaToken: Sendable, Hashable {
    /// The token put in the callback's `recaptchaToken`.
    public let token: String
    /// The `eventId` of the page it was issued on.
    public let eventID: String
    /// When it was issued.
    public let issuedAt: Date
    /// Whether a `sendVerificationCode` request carried it (the backend accepts any token regardless,
    /// as the emulator ignores `recaptchaToken`).
    public let presented: Bool
}

/// A provider token a client asked to revoke with v2 `accounts:revokeToken`.
public struct BackendTokenRevocation: Sendable, Hashable {
    /// The provider, `apple.com`.
    public let providerID: String
    /// The `tokenType` sent (`"3"` for an authorization code from iOS, `ACCESS_TOKEN` from the web), if any.
    public let tokenType: String?
    /// The provider token.
    public let token: String
    /// The account whose ID token came with the request.
    public let localID: String
}
