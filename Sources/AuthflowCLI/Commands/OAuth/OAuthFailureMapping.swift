import AuthflowCore
import AuthflowListener

extension CommandFailure {
    /// An OAuth sign-in or unlink that did not finish. Configuration mistakes (a disabled provider, missing iOS
    /// app IDs, a route this build lacks) are 2; what Firebase, the provider or the page refused (a
    /// cancellation, a collision, a rejected response) is 1; an unreachable network or backend is 3; no answer
    /// from the browser in time is 4; Ctrl-C is 130.
    static func from(_ error: OAuthSignInError) -> CommandFailure {
        switch error {
        case .routeUnavailable, .notConfigured:
            return CommandFailure(error.cliMessage, status: .usage)
        case .providerDisabled(_, let server):
            return CommandFailure(error.cliMessage, status: .usage, serverCode: server.rawMessage)
        case .authDomain(.lookupFailed(let service)):
            var failure = from(service)
            failure.message = error.cliMessage
            return failure
        case .authDomain(.noDefaultDomain):
            return CommandFailure(error.cliMessage, status: .usage)
        case .browser(.timedOut):
            return CommandFailure(error.cliMessage, status: .browserTimeout)
        case .browser(.cancelled), .interrupted:
            return CommandFailure(error.cliMessage, status: .interrupted)
        case .browser:
            return CommandFailure(error.cliMessage, status: .unavailable)
        case .page(let page, _):
            switch page.kind {
            case .invalidClientID: return CommandFailure(error.cliMessage, status: .usage)
            case .networkRequestFailed, .internalError: return CommandFailure(error.cliMessage, status: .unavailable)
            default: return CommandFailure(error.cliMessage, status: .refused)
            }
        case .pageUnknown, .noPendingCredential, .pendingForOtherProvider, .notLinked:
            return CommandFailure(error.cliMessage, status: .refused)
        case .credentialRejected(let server), .cancelled(let server):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server.rawMessage)
        case .collision(_, let server):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server?.rawMessage)
        case .session(let session):
            return from(session)
        case .signIn(let signIn):
            return from(signIn)
        }
    }
}
