import Foundation

/// A second factor the first factor's reply asked for and that is not resolved yet, saved the moment the
/// challenge arrives so `authflow mfa resolve` can finish it from another command, and updated once an SMS is
/// texted to one of its factors.
///
/// It holds the `mfaPendingCredential`, which stands for a passed first factor, so it lives only in the private
/// state directory (`pending-mfa.json`, 0600), and a new challenge replaces it: only the latest one matters.
public struct PendingSecondFactor: Codable, Sendable, Equatable {
    /// How long a saved challenge is offered to `mfa resolve`. Firebase publishes no lifetime for
    /// `mfaPendingCredential` (the emulator's never expire); a server refusal earlier than this forgets it too.
    public static let lifetime: TimeInterval = 10 * 60
    /// The file inside a project's state directory.
    public static let fileName = "pending-mfa.json"

    /// The credential `mfaSignIn:start` and `:finalize` take.
    public var pendingCredential: String
    /// The account's second factors as the server listed them (numbers masked).
    public var factors: [EnrolledFactor]
    /// How the first factor was given (`password`, `emailLink`, `phone`, `apple.com`).
    public var firstFactor: String
    /// The account's email, when known.
    public var email: String?
    /// What the first factor was for.
    public var purpose: SignInPurpose
    /// For re-authentication: the user the finished sign-in must be.
    public var expectedUID: String?
    /// The project, tenant and backend it belongs to.
    public var project: SessionProject
    /// When the challenge arrived.
    public var receivedAt: Date
    /// When `mfa resolve` stops offering it.
    public var expiresAt: Date
    /// The SMS texted to one of the factors, while its code is unused.
    public var sent: SentSecondFactorCode?

    /// The record of `challenge`, which must carry a pending credential.
    public init?(_ challenge: SecondFactorChallenge, receivedAt: Date = Date()) {
        guard let credential = challenge.pendingCredential else { return nil }
        pendingCredential = credential
        factors = challenge.factors
        firstFactor = challenge.firstFactor
        email = challenge.email
        purpose = challenge.purpose
        expectedUID = challenge.expectedUID
        project = challenge.project
        self.receivedAt = receivedAt.wholeSeconds
        expiresAt = receivedAt.addingTimeInterval(Self.lifetime).wholeSeconds
        sent = nil
    }

    /// Whether `mfa resolve` may still use it.
    public func isExpired(now: Date = Date()) -> Bool { now >= expiresAt }

    /// The factors an SMS can be texted to (the others are TOTP or unknown kinds).
    public var phoneFactors: [EnrolledFactor] { factors.filter { $0.phoneNumber != nil } }

    /// The factors this library can complete: SMS and TOTP.
    public var usableFactors: [EnrolledFactor] { factors.filter { $0.factorKind == .sms || $0.factorKind == .totp } }

    /// The description hides the pending credential.
    public static func redacted(_ pending: PendingSecondFactor) -> String {
        "PendingSecondFactor(firstFactor: \(pending.firstFactor), factors: \(pending.factors.count), credential redacted)"
    }
}

/// An SMS texted to one second factor whose code was not used yet: `mfa resolve --code` finishes with it
/// without texting again.
public struct SentSecondFactorCode: Codable, Sendable, Equatable {
    /// The factor it went to.
    public var enrollmentID: String
    /// The verification ID (`sessionInfo`) the code goes back with.
    public var verificationID: String
    /// When it was texted.
    public var sentAt: Date
    /// The route that proved the app.
    public var verifier: PhoneVerifier

    /// A record of an SMS texted just now.
    public init(enrollmentID: String, verificationID: String, sentAt: Date = Date(), verifier: PhoneVerifier) {
        self.enrollmentID = enrollmentID
        self.verificationID = verificationID
        self.sentAt = sentAt.wholeSeconds
        self.verifier = verifier
    }

    /// Whether it is recent enough to use rather than text again (the phone flow's window).
    public func isFresh(now: Date = Date()) -> Bool {
        PendingPhoneVerification.isFresh(sentAt: sentAt, now: now)
    }
}
