/// A failure a command reports to the person: one message on standard error and a documented exit status.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    var message: String
    /// The exit status.
    var status: AuthflowExitCode
    /// The server's raw error string, for `--verbose` and `--json`.
    var serverCode: String?

    init(_ message: String, status: AuthflowExitCode, serverCode: String? = nil) {
        self.message = message
        self.status = status
        self.serverCode = serverCode
    }

    var description: String { message }
}
