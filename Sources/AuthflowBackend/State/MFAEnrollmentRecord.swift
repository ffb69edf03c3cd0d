import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// One enrolled second factor, SMS (``phoneNumber``) or TOTP (``totp``), as the emulator stores it with its
/// account; the REST replies built from it are ``hintJSON`` and ``fullJSON`` (the client reads them as the
/// Identity Toolkit's `MFAEnrollment`).
struct MFAEnrollmentRecord: Sendable, Equatable {
    /// 28 random alphanumeric characters.
    var mfaEnrollmentId: String
    var displayName: String?
    /// RFC 3339 with milliseconds, as JavaScript's `toISOString()`.
    var enrolledAt: String
    /// The number, for an SMS factor.
    var phoneNumber: String?
    /// The secret and the last code's step, for a TOTP factor.
    var totp: TOTPFactor?

    /// The hint sign-in responses carry: the number masked (`+*******0199`).
    var hintJSON: JSONValue {
        var object = JSONObject()
        object.set("displayName", displayName)
        object.set("enrolledAt", enrolledAt)
        object.set("mfaEnrollmentId", mfaEnrollmentId)
        object.set("phoneInfo", phoneNumber.map(PhoneNumberMask.mask))
        if totp != nil { object.set("totpInfo", JSONValue.object(JSONObject())) }
        return .object(object)
    }

    /// What `accounts:lookup` shows the account's owner: the number in full.
    var fullJSON: JSONValue {
        var object = JSONObject()
        object.set("displayName", displayName)
        object.set("enrolledAt", enrolledAt)
        object.set("mfaEnrollmentId", mfaEnrollmentId)
        object.set("phoneInfo", phoneNumber)
        object.set("unobfuscatedPhoneInfo", phoneNumber)
        if totp != nil { object.set("totpInfo", JSONValue.object(JSONObject())) }
        return .object(object)
    }
}

/// A TOTP factor's secret and the time step of the last code accepted, so a code works once.
struct TOTPFactor: Sendable, Equatable {
    var secret: [UInt8]
    var lastUsedStep: Int64?
}

/// A TOTP secret handed out by `mfaEnrollment:start` and not finalized yet.
struct TOTPEnrollmentSession: Sendable {
    var sessionInfo: String
    var localId: String
    var secret: [UInt8]
    var finalizeBy: Date
}
