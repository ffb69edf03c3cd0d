import AuthflowPrimitives

/// Why one browser command did not start the browser: data for a front end to word (the `authflow` command
/// says it in the person's language).
public struct BrowserLaunchFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong with the command.
    public enum Problem: Sendable, Hashable {
        /// No such program (`ENOENT`).
        case notInstalled
        /// The program could not be started for another reason (`posix_spawn`'s error).
        case notStarted(SystemError)
        /// It exited with this non-zero status before the settle time.
        case exited(Int32)
        /// A signal killed it before the settle time.
        case signalled(Int32)
    }

    /// The program that was run, as the command names it (`xdg-open`, `/usr/bin/firefox`).
    public let program: String
    /// What went wrong.
    public let problem: Problem

    /// The failure of `program`.
    public init(program: String, problem: Problem) {
        self.program = program
        self.problem = problem
    }

    /// The failure in English, for logs and embedders.
    public var description: String {
        switch problem {
        case .notInstalled: "\(program) is not installed"
        case .notStarted(let error): "\(program) could not be started: \(error.description)"
        case .exited(let status): "\(program) exited with status \(status)"
        case .signalled(let signal): "\(program) was killed by signal \(signal)"
        }
    }
}
