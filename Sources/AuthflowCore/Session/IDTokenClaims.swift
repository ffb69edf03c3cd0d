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
            let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
        else { return nil }
        userID = (object["user_id"] as? String) ?? (object["sub"] as? String)
        email = object["email"] as? String
        emailVerified = object["email_verified"] as? Bool
        phoneNumber = object["phone_number"] as? String
        name = object["name"] as? String
        let firebase = object["firebase"] as? [String: Any]
        signInProvider = firebase?["sign_in_provider"] as? String
        identities = ((firebase?["identities"] as? [String: Any])?.keys).map { Array($0).sorted() } ?? []
        secondFactor = firebase?["sign_in_second_factor"] as? String
        secondFactorID = firebase?["second_factor_identifier"] as? String
        tenantID = firebase?["tenant"] as? String
        expiresAt = (object["exp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        authenticatedAt = (object["auth_time"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        audience = (object["aud"] as? String) ?? ((object["aud"] as? [Any])?.first as? String)
        issuer = object["iss"] as? String
    }
}
