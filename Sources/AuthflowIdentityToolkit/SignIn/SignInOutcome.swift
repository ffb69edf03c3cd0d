import Foundation

/// What a sign-in reply means for the caller.
public enum SignInOutcome: Sendable, Hashable, RedactingDescription {
    /// Signed in; store the tokens.
    case signedIn(SignInTokens)
    /// A second factor is required: let the user pick one of `hints`, then start MFA sign-in with
    /// `pendingCredential`. The credential is `nil` only when the server sent hints alone (the iOS signal),
    /// in which case MFA sign-in cannot be started.
    case secondFactorRequired(pendingCredential: String?, hints: [MFAEnrollment])
    /// The credential belongs to another account; see ``SignInConflict``.
    case conflict(SignInConflict)
    /// Neither tokens nor an MFA challenge: the reply cannot complete a sign-in.
    case malformed

    /// The case and its values, with the pending credential and tokens hidden.
    public var description: String {
        switch self {
        case .signedIn(let tokens):
            "signedIn(\(tokens))"
        case .secondFactorRequired(let pendingCredential, let hints):
            "secondFactorRequired(pendingCredential: \(pendingCredential == nil ? "nil" : Redaction.placeholder), hints: \(hints))"
        case .conflict(let conflict):
            "conflict(\(conflict))"
        case .malformed:
            "malformed"
        }
    }
}

/// A successful reply's shape that is not a sign-in: the credential is already used elsewhere.
public enum SignInConflict: Sendable, Hashable, RedactingDescription {
    /// Linking a phone number that another account uses. `temporaryProof` with `phoneNumber` can sign in to
    /// that other account without a new SMS.
    case phoneNumberInUse(phoneNumber: String, temporaryProof: String)
    /// `needConfirmation`: an account with `email` already exists with another provider; sign in to it and
    /// link this provider there.
    case needsConfirmation(email: String?)

    /// The case and its values, with the temporary proof hidden.
    public var description: String {
        switch self {
        case .phoneNumberInUse(let phoneNumber, _):
            "phoneNumberInUse(phoneNumber: \"\(phoneNumber)\", temporaryProof: \(Redaction.placeholder))"
        case .needsConfirmation(let email):
            "needsConfirmation(email: \(email.map { "\"\($0)\"" } ?? "nil"))"
        }
    }
}

/// The tokens of a completed sign-in. Its description hides the token values.
public struct SignInTokens: Sendable, Hashable, RedactingDescription {
    /// The Firebase ID token.
    public let idToken: String
    /// The refresh token.
    public let refreshToken: String
    /// Seconds until the ID token expires, as sent (`"3600"`).
    public let expiresIn: String?
    /// The Firebase user ID.
    public let localId: String?

    /// Tokens from a reply.
    public init(idToken: String, refreshToken: String, expiresIn: String?, localId: String?) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.localId = localId
    }

    /// ``expiresIn`` as a number of seconds, when it is one.
    public var expiresInSeconds: Int? {
        expiresIn.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
