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
        case .authDomain(.lookupFailed(let service)):
            var failure = from(service)
            failure.message = error.cliMessage
            return failure
        case .authDomain(.noDefaultDomain), .authDomain(.notAuthorized):
            return CommandFailure(error.cliMessage, status: .usage)
        case .browser(.timedOut):
            return CommandFailure(error.cliMessage, status: .browserTimeout)
        case .browser(.cancelled), .interrupted:
            return CommandFailure(error.cliMessage, status: .interrupted)
        case .browser:
            return CommandFailure(error.cliMessage, status: .unavailable)
        case .page(let page):
            switch page.kind {
            case .invalidClientID: return CommandFailure(error.cliMessage, status: .usage)
            case .networkRequestFailed, .internalError: return CommandFailure(error.cliMessage, status: .unavailable)
            default: return CommandFailure(error.cliMessage, status: .refused)
            }
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
