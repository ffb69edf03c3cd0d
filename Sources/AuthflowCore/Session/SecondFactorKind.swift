import AuthflowIdentityToolkit

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
