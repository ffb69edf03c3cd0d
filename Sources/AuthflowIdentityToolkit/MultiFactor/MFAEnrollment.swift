import Foundation

/// One enrolled second factor, as sign-in hints (`mfaInfo`) and account lookups list it.
public struct MFAEnrollment: Sendable, Hashable, Decodable, RedactingDescription {
    /// The kind of factor.
    public enum Factor: Sendable, Hashable {
        /// SMS to the number in ``phoneInfo``.
        case phone
        /// A TOTP authenticator app (`totpInfo`).
        case totp
        /// A factor this client does not recognise.
        case unknown
    }

    /// The factor's ID, to pass to ``StartMFASignInRequest`` or ``WithdrawMFARequest``.
    public let mfaEnrollmentId: String
    /// The name the user gave the factor.
    public let displayName: String?
    /// The phone number: masked in sign-in hints (`+*******1234`), complete in the user's own lookup.
    public let phoneInfo: String?
    /// Whether the reply had `totpInfo`, which marks a TOTP factor.
    public let hasTOTPInfo: Bool
    /// `enrolledAt` as sent: RFC 3339 from production and iOS fixtures, epoch milliseconds in web fixtures.
    public let enrolledAt: String?

    /// A hint built in code, for tests and for callers that store hints.
    public init(
        mfaEnrollmentId: String, displayName: String? = nil, phoneInfo: String? = nil, hasTOTPInfo: Bool = false,
        enrolledAt: String? = nil
    ) {
        self.mfaEnrollmentId = mfaEnrollmentId
        self.displayName = displayName
        self.phoneInfo = phoneInfo
        self.hasTOTPInfo = hasTOTPInfo
        self.enrolledAt = enrolledAt
    }

    /// Phone when `phoneInfo` is present, TOTP when `totpInfo` is, otherwise unknown.
    public var factor: Factor {
        if phoneInfo != nil { return .phone }
        if hasTOTPInfo { return .totp }
        return .unknown
    }

    /// ``enrolledAt`` as a date: RFC 3339 with or without fractional seconds, or epoch milliseconds.
    public var enrolledDate: Date? {
        enrolledAt.flatMap(Timestamp.date(from:))
    }

    private enum CodingKeys: String, CodingKey {
        case mfaEnrollmentId, displayName, phoneInfo, totpInfo, enrolledAt
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Without its ID a factor cannot be used at all, so this one field is required.
        mfaEnrollmentId = try container.decode(String.self, forKey: .mfaEnrollmentId)
        displayName = container.lenientString(.displayName)
        phoneInfo = container.lenientString(.phoneInfo)
        hasTOTPInfo = container.contains(.totpInfo) && (try? container.decodeNil(forKey: .totpInfo)) == false
        enrolledAt = container.lenientString(.enrolledAt)
    }
}
