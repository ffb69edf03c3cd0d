import AuthflowIdentityToolkit

/// A second factor enrolled on the account (from sign-in hints or an account lookup).
public struct EnrolledFactor: Codable, Sendable, Equatable {
    /// The enrollment ID (`mfaEnrollmentId`), which `mfa unenroll` and `--factor` accept.
    public var id: String
    /// The name the user gave it, e.g. "Work phone".
    public var displayName: String?
    /// The phone number, masked (`+*******0199`) in sign-in hints, in full from a lookup of one's own account.
    public var phoneNumber: String?
    /// When it was enrolled, as the server wrote it (RFC 3339).
    public var enrolledAt: String?
    /// What kind of factor it is; `nil` in sessions saved before kinds were recorded (then a phone number
    /// means SMS).
    public var kind: SecondFactorKind?

    /// SMS, TOTP or unknown, from ``kind`` or, failing that, from whether a number is known.
    public var factorKind: SecondFactorKind {
        kind ?? (phoneNumber != nil ? .sms : .unknown)
    }

    /// A factor as the server described it.
    public init(
        id: String, displayName: String? = nil, phoneNumber: String? = nil, enrolledAt: String? = nil,
        kind: SecondFactorKind? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.phoneNumber = phoneNumber
        self.enrolledAt = enrolledAt
        self.kind = kind
    }
}

/// The kinds of second factor: an SMS to a phone number, or a TOTP authenticator app.
public enum SecondFactorKind: String, Codable, Sendable, Equatable {
    /// An SMS code (`phoneInfo`).
    case sms
    /// A code from an authenticator app (`totpInfo`).
    case totp
    /// A kind this library does not know.
    case unknown

    /// The kind of an enrollment as the server described it.
    public init(_ factor: MFAEnrollment.Factor) {
        switch factor {
        case .phone: self = .sms
        case .totp: self = .totp
        case .unknown: self = .unknown
        }
    }
}
