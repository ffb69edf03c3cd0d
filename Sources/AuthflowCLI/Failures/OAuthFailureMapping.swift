import AuthflowCore
import AuthflowListener

extension CommandFailure {
    /// An OAuth sign-in or unlink that did not finish. Configuration mistakes (a disabled provider, missing iOS
    /// app IDs, a device client the provider refuses) are 2; what Firebase, the provider or the page refused (a
    /// cancellation, a collision, a rejected response, a declined device code) is 1; an unreachable network, backend or provider is 3;
    /// no answer from the browser in time, or a device code expired, is 4; Ctrl-C is 130.
    static func from(_ error: OAuthSignInError) -> CommandFailure {
        switch error {
        case .notConfigured:
            return CommandFailure(error.cliMessage, status: .usage)
        case .providerDisabled(_, let server):
            return CommandFailure(error.cliMessage, status: .usage, serverCode: server.rawMessage)
        case .authDomain(let domain):
            return from(domain, message: error.cliMessage)
        case .browser(let wait):
            return from(wait, message: error.cliMessage)
        case .interrupted:
            return CommandFailure(error.cliMessage, status: .interrupted)
        case .page(let page, _):
            return from(page, message: error.cliMessage)
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
        case .localhostNotAuthorized, .webConfigMissing, .webPageUnavailable:
            return CommandFailure(error.cliMessage, status: .usage)
        case .webSDK(let code, _, _):
            if code == "authflow/sdk-load-failed" { return CommandFailure(error.cliMessage, status: .unavailable) }
            if code == "auth/operation-not-allowed" || code == "auth/unauthorized-domain" {
                return CommandFailure(error.cliMessage, status: .usage)
            }
            return CommandFailure(error.cliMessage, status: .refused)
        case .webSecondFactor, .webIDToken:
            return CommandFailure(error.cliMessage, status: .refused)
        case .webLookupFailed(let lookup):
            return CommandFailure(error.cliMessage, status: from(lookup).status)
        case .deviceUnsupported, .deviceClientMissing:
            return CommandFailure(error.cliMessage, status: .usage)
        case .deviceDenied:
            return CommandFailure(error.cliMessage, status: .refused)
        case .deviceExpired:
            return CommandFailure(error.cliMessage, status: .browserTimeout)
        case .deviceProvider(let problem, _):
            switch problem {
            case .unreachable(.cancelled): return CommandFailure(error.cliMessage, status: .interrupted)
            case .unreachable: return CommandFailure(error.cliMessage, status: .unavailable)
            case .noDeviceEndpoint: return CommandFailure(error.cliMessage, status: .usage)
            case .refused:
                // A client the provider refuses is the project's setup, as a disabled provider is.
                return CommandFailure(error.cliMessage, status: problem.refusesClient ? .usage : .refused)
            case .unexpectedAnswer, .tokenMissing: return CommandFailure(error.cliMessage, status: .refused)
            }
        }
    }
}
