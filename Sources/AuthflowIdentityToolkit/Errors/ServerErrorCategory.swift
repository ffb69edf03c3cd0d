/// A coarse grouping of refusals by what the user should do next, for choosing exit codes and hints.
public enum ServerErrorCategory: String, Sendable, Hashable, CaseIterable {
    /// Something the user typed is wrong (number, code, email, password): correct it and retry.
    case wrongInput
    /// A code, link, verification or reCAPTCHA token expired or was already used: start that step again.
    case expired
    /// Too many requests or SMS: wait before retrying.
    case rateLimited
    /// The Firebase project, API key or this client's settings are wrong: fix the configuration.
    case configuration
    /// The session is invalid or too old: sign in again.
    case signInAgain
    /// The email, credential or factor already belongs somewhere: use or link the existing account.
    case conflict
    /// No such account or factor.
    case notFound
    /// The account must change first, for example by verifying its email.
    case actionRequired
    /// The credential or the account was refused (disabled account, rejected token, blocking function).
    case rejected
    /// The project needs something this client cannot do (reCAPTCHA Enterprise), or the emulator lacks it.
    case unsupported
    /// The request this client built was refused as malformed: a bug to report, not a user mistake.
    case `internal`
    /// The backend failed (5xx): try again later.
    case serverUnavailable
    /// A refusal this client does not recognise; show the server's message.
    case unknown
}
