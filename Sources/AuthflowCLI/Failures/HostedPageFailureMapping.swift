import AuthflowCore
import AuthflowListener
import AuthflowParsing

extension CommandFailure {
    /// An auth domain that could not be worked out, worded as `message`: a failed lookup keeps the service's
    /// status, no default domain is a configuration mistake (2).
    static func from(_ error: AuthDomainError, message: String) -> CommandFailure {
        switch error {
        case .lookupFailed(let service):
            var failure = from(service)
            failure.message = message
            return failure
        case .noDefaultDomain, .notAuthorized:
            return CommandFailure(message, status: .usage)
        }
    }

    /// A wait for the browser that ended without an answer, worded as `message`: a timeout is 4, Ctrl-C 130,
    /// a busy `--port` or an unusable runtime directory 2, any other listener failure 3. Every command that
    /// waits for the browser maps its listener's failure here, so the statuses are the same in all of them.
    static func from(_ error: RedirectListenerError, message: String) -> CommandFailure {
        switch error {
        case .timedOut: CommandFailure(message, status: .browserTimeout)
        case .cancelled: CommandFailure(message, status: .interrupted)
        // The port is the person's choice (--port): a busy one is theirs to change.
        case .server(.portInUse): CommandFailure(message, status: .usage)
        // The runtime directory ($XDG_RUNTIME_DIR) is the person's machine, like the state directory: theirs to fix.
        case .rendezvous: CommandFailure(message, status: .usage)
        // A missing C library is the machine's set-up, as at start: 2, like every missing library.
        case .server(.libraryUnavailable): CommandFailure(message, status: .usage)
        default: CommandFailure(message, status: .unavailable)
        }
    }

    /// A hosted page's `firebaseError`, worded as `message`: a wrong OAuth client ID is 2, the page's network or
    /// internal failure 3, anything else (a cancellation) 1.
    static func from(_ error: FirebaseCallbackError, message: String) -> CommandFailure {
        switch error.kind {
        case .invalidClientID: CommandFailure(message, status: .usage)
        case .networkRequestFailed, .internalError: CommandFailure(message, status: .unavailable)
        default: CommandFailure(message, status: .refused)
        }
    }
}
