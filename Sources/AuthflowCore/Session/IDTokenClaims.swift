import AuthflowPrimitives
import Foundation

/// What a Firebase ID token says about its user, read without verifying the signature.
///
/// authflow only displays these and schedules refreshes with them; whoever receives the token (the app's
/// backend) must verify it. Emulator tokens are unsigned (`alg: none`) and read the same way.
public struct IDTokenClaims: Sendable, Equatable {
    /// `user_id` (or `sub`).
    public var userID: String?
    /// `email`.
    public var email: String?
    /// `email_verified`.
    public var emailVerified: Bool?
    /// `phone_number`, E.164.
    public var phoneNumber: String?
    /// `name`, the display name.
    public var name: String?
    /// `firebase.sign_in_provider`, e.g. `password`, `phone`, `apple.com`, `emailLink`.
    public var signInProvider: String?
    /// The providers in `firebase.identities`, e.g. `email`, `phone`, `apple.com`.
    public var identities: [String]
    /// `firebase.sign_in_second_factor`, e.g. `phone`, when the sign-in passed a second factor.
    public var secondFactor: String?
    /// `firebase.second_factor_identifier`: the enrollment ID of that factor.
    public var secondFactorID: String?
    /// `firebase.tenant`.
    public var tenantID: String?
    /// `exp`.
    public var expiresAt: Date?
    /// `auth_time`: when the user last actually signed in (refreshes keep it).
    public var authenticatedAt: Date?
    /// `aud`: the Firebase project the token was issued for.
    public var audience: String?
    /// `iss`: `https://securetoken.google.com/<project>` for a Firebase ID token.
    public var issuer: String?

    /// Reads the payload of `jwt`; nil when it is not a JWT with a JSON object payload.
    public init?(jwt: String) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64.decodeEitherAlphabet(parts[1]),
            let object = (try? JSONParser.parse(payload))?.objectValue
        else { return nil }
        userID = object["user_id"]?.stringValue ?? object["sub"]?.stringValue
        email = object["email"]?.stringValue
        emailVerified = object["email_verified"]?.boolValue
        phoneNumber = object["phone_number"]?.stringValue
        name = object["name"]?.stringValue
        let firebase = object["firebase"]
        signInProvider = firebase?["sign_in_provider"]?.stringValue
        identities = firebase?["identities"]?.objectValue?.keys.sorted() ?? []
        secondFactor = firebase?["sign_in_second_factor"]?.stringValue
        secondFactorID = firebase?["second_factor_identifier"]?.stringValue
        tenantID = firebase?["tenant"]?.stringValue
        expiresAt = object["exp"]?.numberValue.map(Date.init(timeIntervalSince1970:))
        authenticatedAt = object["auth_time"]?.numberValue.map(Date.init(timeIntervalSince1970:))
        audience = object["aud"]?.stringValue ?? object["aud"]?.arrayValue?.first?.stringValue
        issuer = object["iss"]?.stringValue
    }

}
