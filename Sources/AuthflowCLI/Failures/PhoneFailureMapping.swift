import AuthflowCore
import AuthflowListener

extension CommandFailure {
    /// A phone sign-in that did not finish. Input and configuration mistakes are 2; what the server or the
    /// page refused (a wrong or expired code, a page error) is 1; an unreachable network or backend is 3;
    /// no answer from the browser or the code in time is 4; Ctrl-C is 130.
    static func from(_ error: PhoneSignInError) -> CommandFailure {
        switch error {
        case .verifierUnavailable(.authDomain(.lookupFailed(let service))):
            // An unreachable auth-domain lookup is the network's fault, as for every other command: 3.
            var failure = from(service)
            failure.message = error.cliMessage
            return failure
        case .invalidNumber, .verifierUnavailable, .codeNeeded, .codeCommand, .severalPending:
            return CommandFailure(error.cliMessage, status: .usage)
        case .lookupFailed(let service) where service.isAppCheckProblem,
            .sendFailed(let service) where service.isAppCheckProblem:
            return from(service)
        case .lookupFailed(let service):
            var failure = from(service)
            failure.message = error.cliMessage
            return failure
        case .codeTimedOut:
            return CommandFailure(error.cliMessage, status: .browserTimeout)
        case .interrupted:
            return CommandFailure(error.cliMessage, status: .interrupted)
        case .browser(let wait):
            return from(wait, message: error.cliMessage)
        case .hostedPage(let page):
            switch page.kind {
            case .invalidClientID: return CommandFailure(error.cliMessage, status: .usage)
            case .networkRequestFailed, .internalError: return CommandFailure(error.cliMessage, status: .unavailable)
            default: return CommandFailure(error.cliMessage, status: .refused)
            }
        case .hostedPageUnknown, .noPendingVerification, .otherUser:
            return CommandFailure(error.cliMessage, status: .refused)
        case .recaptchaPage(let failure):
            return CommandFailure(error.cliMessage, status: failure.isLoadFailure ? .unavailable : .refused)
        case .sendFailed(let service):
            var failure = from(service)
            failure.message = error.cliMessage
            return failure
        case .wrongCode(let server, _), .verificationExpired(let server, _):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server.rawMessage)
        case .session(let session):
            return from(session)
        case .signIn(let signIn):
            return from(signIn)
        }
    }
}
