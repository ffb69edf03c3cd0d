import AuthflowCore
import AuthflowIdentityToolkit

extension CommandFailure {
    /// A failed first-factor sign-in: the server's refusals as usual, another account on re-authentication
    /// refused (1), an unusable reply the backend's fault (3).
    static func from(_ error: SignInError) -> CommandFailure {
        switch error {
        case .service(let service): from(service)
        case .storage(let storage): from(storage)
        case .cannotStore: CommandFailure(error.cliMessage, status: .usage)
        case .conflict, .userMismatch: CommandFailure(error.cliMessage, status: .refused)
        case .unusableReply: CommandFailure(error.cliMessage, status: .unavailable)
        case .recaptcha(let recaptcha): from(recaptcha)
        case .projectMismatch, .invalidEmail: CommandFailure(error.cliMessage, status: .usage)
        }
    }

    /// A sign-in link that could not be sent or completed. Input that cannot be a sign-in link of this
    /// project (another kind, another project or tenant, no address to complete it with) is unusable
    /// input, 2; a link the server refused (used, expired, other address) is refused, 1.
    static func from(_ error: EmailLinkError) -> CommandFailure {
        switch error {
        case .input(let input):
            return CommandFailure(error.cliMessage, status: input.exitStatus)
        case .document(let document):
            return CommandFailure(error.cliMessage, status: document.exitStatus)
        case .noLinkInDocument, .notAnEmailLink, .unexpandedShortLink, .notASignInLink, .otherProject, .otherTenant,
            .emailNeeded, .invalidEmail:
            return CommandFailure(error.cliMessage, status: .usage)
        case .wrongEmail(_, let server), .linkUnusable(let server):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server.rawMessage)
        case .session(let session):
            return from(session)
        case .signIn(let signIn):
            return from(signIn)
        case .pendingNotSaved(_, let storage):
            return CommandFailure(error.cliMessage, status: from(storage).status)
        }
    }
}
