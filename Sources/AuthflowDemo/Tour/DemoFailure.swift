import AuthflowLocalization

/// Why the tour stopped.
public enum DemoFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tour could not prepare: no backend, no private directory, no `authflow` binary to run.
    case setup(String)
    /// A step's command ended with `status`; its own message was already shown.
    case command([String], status: Int32)
    /// The backend never produced what a step waited for (an SMS code, an email).
    case backend(String)
    /// The headless browser could not be driven.
    case browser(String)
    /// Ctrl-C or SIGTERM.
    case interrupted

    public var description: String {
        switch self {
        case .setup(let message), .backend(let message), .browser(let message):
            message
        case .command(let arguments, let status):
            localized("`\(ShellQuoting.line(arguments))` ended with exit status \(status).")
        case .interrupted:
            localized("Interrupted.")
        }
    }

    /// The exit status the `demo` command reports: the failed command's own, else 3 (something we depend on
    /// is unavailable).
    public var exitStatus: Int32 {
        switch self {
        case .command(_, let status): status
        case .setup, .backend, .browser: 3
        case .interrupted: 130
        }
    }
}
