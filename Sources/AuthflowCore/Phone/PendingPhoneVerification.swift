import Foundation

/// An SMS that was sent and whose code was not yet used: what `authflow phone verify` needs to finish the
/// sign-in without sending another SMS, saved the moment the verification ID arrives.
public struct PendingPhoneVerification: Codable, Sendable, Equatable {
    /// How long after sending a verification counts as fresh: a second sign-in for the same number within
    /// this time reuses it instead of sending another SMS. Firebase does not publish how long a code stays
    /// valid; a wrong guess only costs one `SESSION_EXPIRED`, after which the verification is forgotten.
    public static let freshness: TimeInterval = 5 * 60

    /// The number the SMS went to.
    public var phoneNumber: PhoneNumber
    /// The verification ID (`sessionInfo`) the code must be sent back with. It is not the code, but it
    /// identifies the attempt, so it is kept in the private state directory only.
    public var verificationID: String
    /// When the SMS was requested.
    public var sentAt: Date
    /// What the sign-in is for.
    public var purpose: SignInPurpose
    /// For linking and re-authentication: the user the verification was started for.
    public var userID: String?
    /// The route that proved the app.
    public var verifier: PhoneVerifier
    /// The project, tenant and backend it belongs to.
    public var project: SessionProject

    /// A record of an SMS sent just now.
    public init(
        phoneNumber: PhoneNumber, verificationID: String, sentAt: Date = Date(), purpose: SignInPurpose,
        userID: String?, verifier: PhoneVerifier, project: SessionProject
    ) {
        self.phoneNumber = phoneNumber
        self.verificationID = verificationID
        self.sentAt = sentAt.wholeSeconds
        self.purpose = purpose
        self.userID = userID
        self.verifier = verifier
        self.project = project
    }

    /// Whether it was sent recently enough to reuse rather than send another SMS.
    public func isFresh(now: Date = Date()) -> Bool {
        Self.isFresh(sentAt: sentAt, now: now)
    }

    /// Whether an SMS sent at `sentAt` is recent enough to reuse: within ``freshness``, allowing a minute of
    /// clock skew. The SMS second-factor records use the same window.
    public static func isFresh(sentAt: Date, now: Date = Date()) -> Bool {
        let age = now.timeIntervalSince(sentAt)
        return age >= -60 && age < freshness
    }
}

extension SignInPurpose: Codable {}
