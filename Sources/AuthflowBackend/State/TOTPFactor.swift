import Foundation

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
