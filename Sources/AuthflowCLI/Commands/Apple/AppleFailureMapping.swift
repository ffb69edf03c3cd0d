import AuthflowCore
import AuthflowListener

extension CommandFailure {
    /// A Sign in with Apple that did not finish. Configuration mistakes are 2; what Firebase, Apple or the page
    /// refused (a wrong nonce, a rejected token, a cancellation, an Apple ID linked elsewhere) is 1; an
    /// unreachable network or backend is 3; no answer from the browser in time is 4; Ctrl-C is 130.
    static func from(_ error: AppleSignInError) -> CommandFailure {
        switch error {
        case .notConfigured:
            return CommandFailure(error.cliMessage, status: .usage)
        case .authDomain(let domain):
            return from(domain, message: error.cliMessage)
        case .browser(let wait):
            return from(wait, message: error.cliMessage)
        case .interrupted:
            return CommandFailure(error.cliMessage, status: .interrupted)
        case .page(let page):
            return from(page, message: error.cliMessage)
        case .pageUnknown, .noUpdatedCredential:
            return CommandFailure(error.cliMessage, status: .refused)
        case .nonceRejected(let server), .credentialRejected(let server), .cancelled(let server),
            .alreadyLinked(_, _, let server):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server.rawMessage)
        case .session(let session):
            return from(session)
        case .signIn(let signIn):
            return from(signIn)
        }
    }
}
