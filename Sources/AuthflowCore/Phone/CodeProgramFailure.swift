import AuthflowPrimitives

/// Why a ``CodeProgram`` gave no code. A front end names the command the way its user gave it.
public struct CodeProgramFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong with the command.
    public enum Problem: Sendable, Equatable {
        /// The shell could not be started (the reason from the system).
        case notStarted(SystemError)
        /// The wait was cancelled and the command stopped.
        case stopped
        /// It printed no code within the time limit.
        case timedOut(Duration)
        /// It exited with a status other than 0, or a signal killed it; its messages went to standard error.
        case failed(ChildProcessEnd)
        /// It exited successfully but printed nothing on standard output.
        case printedNothing
    }

    /// How the command ended, when it did not exit with status 0.
    public enum ChildProcessEnd: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal killed it.
        case signalled(Int32)

        /// "exited with status 3", "was killed by signal 9".
        public var summary: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
        }
    }

    /// The command line, as given.
    public var command: String
    /// What went wrong.
    public var problem: Problem
    /// The flow that texted the code, which says how the saved verification can still be finished.
    public var flow: SMSCodeFlow

    /// A failure of `command` for the code `flow` texted.
    public init(command: String, problem: Problem, flow: SMSCodeFlow) {
        self.command = command
        self.problem = problem
        self.flow = flow
    }

    public var description: String {
        message(naming: "The code command \"\(command)\"", finishing: flow.finishLater)
    }

    /// The failure naming the command as `shown`, and `finishing` as the way to finish the saved verification.
    public func message(naming shown: String, finishing: String) -> String {
        switch problem {
        case .notStarted(let reason):
            "\(shown) could not be started: \(reason)."
        case .stopped:
            "\(shown) was stopped."
        case .timedOut(let limit):
            "\(shown) printed no code within \(limit.components.seconds) seconds."
        case .failed(let end):
            "\(shown) \(end.summary); see its messages above. The verification is saved: \(finishing)."
        case .printedNothing:
            "\(shown) printed nothing on standard output; it must print the SMS code."
        }
    }
}
