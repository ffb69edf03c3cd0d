import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowStorage

extension CommandFailure {
    /// A refusal is 1, except configuration mistakes (bad API key, unauthorized domain), which are 2;
    /// anything that kept the request from being answered properly is 3.
    static func from(_ error: IdentityToolkitError) -> CommandFailure {
        switch error {
        case .network(.libraryUnavailable(let missing)):
            return CommandFailure(missing.cliMessage, status: .usage)
        case .network, .unavailable, .malformedResponse, .redirected:
            return CommandFailure(error.cliMessage, status: .unavailable)
        case .invalidRequest(let reason):
            return CommandFailure(reason.cliMessage, status: .usage)
        case .appCheck(let failure):
            return CommandFailure(failure.cliMessage, status: failure.exitStatus)
        case .server(let server) where server.code == .appCheckTokenInvalid:
            return CommandFailure(AppCheckWording.enforced, status: .usage, serverCode: server.rawMessage)
        case .server(let server):
            if error.isBackendUnavailable {
                return CommandFailure(server.cliMessage, status: .unavailable, serverCode: server.rawMessage)
            }
            let status: AuthflowExitCode = server.category == .configuration ? .usage : .refused
            var failure = CommandFailure(server.cliMessage, status: status, serverCode: server.rawMessage)
            failure.keyRestriction = server.keyRestriction
            return failure
        }
    }

    static func from(_ error: SessionError) -> CommandFailure {
        switch error {
        case .notSignedIn: CommandFailure(error.cliMessage, status: .refused)
        case .storage(let storage): from(storage)
        case .rejected(let server): from(IdentityToolkitError.server(server))
        case .service(let service): from(service)
        case .projectMismatch: CommandFailure(error.cliMessage, status: .usage)
        }
    }

    /// The state directory is the user's machine, so its problems are theirs to fix: 2.
    static func from(_ error: StorageError) -> CommandFailure {
        CommandFailure(error.cliMessage, status: .usage)
    }

    static func from(_ error: ConfigurationError) -> CommandFailure {
        CommandFailure(error.cliMessage, status: .usage)
    }
}

extension CommandFailure {
    /// No reCAPTCHA Enterprise token for a protected call: no source, no site key or a failing command is a
    /// configuration matter (2); a page whose script did not load, 3; a page refusing, 1; the listener's own
    /// failures as for every browser wait (a busy `--port` 2, no answer in time 4, Ctrl-C 130).
    static func from(_ error: RecaptchaProtectionError) -> CommandFailure {
        switch error {
        case .tokenNeeded, .noSiteKey, .tokenCommand, .pageUnavailable:
            CommandFailure(error.cliMessage, status: .usage)
        case .page(let failure):
            CommandFailure(error.cliMessage, status: failure.isLoadFailure ? .unavailable : .refused)
        case .interrupted:
            CommandFailure(error.cliMessage, status: .interrupted)
        case .refused(_, let code):
            CommandFailure(error.cliMessage, status: .refused, serverCode: code.rawValue)
        case .browser(let wait):
            from(wait, message: error.cliMessage)
        }
    }
}
