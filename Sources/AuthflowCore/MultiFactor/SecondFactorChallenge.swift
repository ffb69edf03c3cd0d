import AuthflowIdentityToolkit

/// A first factor was accepted but the account also requires a second one: what is needed to finish.
///
/// Every sign-in flow (email link, password, phone, identity providers) returns this instead of a session when
/// the server answers with `mfaPendingCredential` and hints. It carries everything resolving needs, so it is
/// handed over unchanged: ``SecondFactorSignIn`` saves it (``PendingSecondFactor``) and finishes it with
/// `mfaSignIn:start` / `:finalize`.
public struct SecondFactorChallenge: Sendable, Equatable, CustomStringConvertible {
    /// The credential `mfaSignIn:start` and `:finalize` take. `nil` when the server sent hints without one
    /// (the iOS SDK's signal), in which case the challenge cannot be resolved.
    public let pendingCredential: String?
    /// The enrolled second factors, as the server described them (phone numbers masked).
    public let hints: [MFAEnrollment]
    /// How the first factor was given, as `sign_in_provider` names it: `emailLink`, `password`, `phone`.
    public let firstFactor: String
    /// The account's email, when the first factor named one.
    public let email: String?
    /// What the first factor was for.
    public let purpose: SignInPurpose
    /// For ``SignInPurpose/reauthenticate``: the user the finished sign-in must turn out to be.
    public let expectedUID: String?
    /// The session that stays in place until the challenge is resolved (for linking and re-authentication).
    public let previousSession: UserSession?
    /// Where the finished session belongs.
    public let project: SessionProject

    /// A challenge from a sign-in reply.
    public init(
        pendingCredential: String?, hints: [MFAEnrollment], firstFactor: String, email: String?,
        purpose: SignInPurpose, expectedUID: String? = nil, previousSession: UserSession? = nil,
        project: SessionProject
    ) {
        self.pendingCredential = pendingCredential
        self.hints = hints
        self.firstFactor = firstFactor
        self.email = email
        self.purpose = purpose
        self.expectedUID = expectedUID
        self.previousSession = previousSession
        self.project = project
    }

    /// The hints as authflow shows factors elsewhere (`whoami`).
    public var factors: [EnrolledFactor] { hints.map(SessionBuilder.enrolledFactor) }

    /// Whether a phone or TOTP factor can be completed with what the server sent.
    public var canBeResolved: Bool {
        pendingCredential != nil && hints.contains { $0.factor == .phone || $0.factor == .totp }
    }

    /// The challenge without its pending credential, which stands in for a signed-in first factor.
    public var description: String {
        "SecondFactorChallenge(firstFactor: \(firstFactor), purpose: \(purpose.rawValue), hints: \(hints.count), "
            + "pendingCredential: \(pendingCredential == nil ? "nil" : "redacted"))"
    }
}
