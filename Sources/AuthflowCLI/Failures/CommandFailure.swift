import AuthflowIdentityToolkit

/// A failure a command reports to the person: one message on standard error and a documented exit status.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    var message: String
    /// The exit status.
    var status: AuthflowExitCode
    /// The server's raw error string, for `--verbose` and `--json`.
    var serverCode: String?
    /// When an API-key restriction refused a request: then ``shownMessage`` is its advice, whatever step
    /// rewrote ``message``, because no step can succeed until the restriction is satisfied.
    var keyRestriction: APIKeyRestriction?

    init(_ message: String, status: AuthflowExitCode, serverCode: String? = nil) {
        self.message = message
        self.status = status
        self.serverCode = serverCode
    }

    /// What the person reads on standard error.
    var shownMessage: String { keyRestriction?.cliMessage ?? message }

    var description: String { shownMessage }
}
