import Foundation

/// An enrolment SMS that was texted and whose code was not used yet, saved at once
/// (`pending-mfa-enroll-<digits>.json`, 0600) so `authflow mfa enroll NUMBER --code CODE` can finish it without
/// texting again: after a wrong code, a crash, or a run without a code source.
public struct PendingSecondFactorEnrollment: Codable, Sendable, Equatable {
    /// The number being enrolled.
    public var phoneNumber: PhoneNumber
    /// The verification ID (`sessionInfo`) the code goes back with.
    public var verificationID: String
    /// The user it was started for.
    public var userID: String
    /// When it was texted.
    public var sentAt: Date
    /// The route that proved the app.
    public var verifier: PhoneVerifier

    /// A record of an SMS texted just now.
    public init(
        phoneNumber: PhoneNumber, verificationID: String, userID: String, sentAt: Date = Date(), verifier: PhoneVerifier
    ) {
        self.phoneNumber = phoneNumber
        self.verificationID = verificationID
        self.userID = userID
        self.sentAt = sentAt.wholeSeconds
        self.verifier = verifier
    }

    /// Whether it is recent enough to use rather than text again (the phone flow's window).
    public func isFresh(now: Date = Date()) -> Bool {
        PendingPhoneVerification.isFresh(sentAt: sentAt, now: now)
    }

    /// The file for `number` in `directory`.
    static func file(
        for number: PhoneNumber, in directory: ProjectStateDirectory
    ) -> StateFile<PendingSecondFactorEnrollment> {
        StateFile("pending-mfa-enroll-\(number.digits).json", in: directory)
    }
}
