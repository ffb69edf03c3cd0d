import AuthflowParsing
import AuthflowPrimitives

/// One enrolled SMS second factor as the emulator stores it with its account; the REST replies built from it
/// are ``hintJSON`` and ``fullJSON`` (the client reads them as the Identity Toolkit's `MFAEnrollment`).
struct MFAEnrollmentRecord: Sendable, Equatable {
    /// 28 random alphanumeric characters.
    var mfaEnrollmentId: String
    var displayName: String?
    /// RFC 3339 with milliseconds, as JavaScript's `toISOString()`.
    var enrolledAt: String
    var phoneNumber: String

    /// The hint sign-in responses carry: the number masked (`+*******0199`).
    var hintJSON: JSONValue {
        var object = JSONObject()
        object.set("displayName", displayName)
        object.set("enrolledAt", enrolledAt)
        object.set("mfaEnrollmentId", mfaEnrollmentId)
        object.set("phoneInfo", PhoneNumberMask.mask(phoneNumber))
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
        return .object(object)
    }
}
