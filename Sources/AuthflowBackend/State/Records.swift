import AuthflowPrimitives
import Foundation

/// A pending action-code email (the emulator's `OobRecord`).
struct OobRecord: Sendable {
    var email: String
    var newEmail: String?
    var requestType: String
    var oobCode: String
    var oobLink: String

    var json: JSONValue {
        var object = JSONObject()
        object.set("email", email)
        object.set("requestType", requestType)
        object.set("oobCode", oobCode)
        object.set("oobLink", oobLink)
        object.set("newEmail", newEmail)
        return .object(object)
    }
}

/// A pending SMS code.
struct PhoneVerification: Sendable {
    var code: String
    var phoneNumber: String
    var sessionInfo: String
    var createdAt: Date

    var json: JSONValue {
        ["code": .string(code), "phoneNumber": .string(phoneNumber), "sessionInfo": .string(sessionInfo)]
    }
}

/// What a refresh token stands for; the token itself is an opaque random string.
struct RefreshRecord: Sendable {
    var localId: String
    var provider: String
    var secondFactor: SecondFactor?
    /// Claims from a custom token, repeated in every refreshed ID token.
    var extraClaims: JSONObject?
}

/// The second factor a session was completed with; it shows in the ID token's `firebase` claim.
struct SecondFactor: Sendable, Equatable {
    var identifier: String
    var provider: String
}

/// A token the reCAPTCHA stand-in page handed out.
struct RecaptchaIssue: Sendable {
    var token: String
    var eventId: String
    var issuedAt: Date
    var presented = false
}

/// A provider token a client asked to revoke (`accounts:revokeToken`).
struct Revocation: Sendable {
    var providerId: String
    var tokenType: String?
    var token: String
    var localId: String
}
