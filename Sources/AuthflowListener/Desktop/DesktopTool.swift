import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs one of the desktop's short-lived helper programs (`xdg-mime`, `update-desktop-database`) and
/// collects what it prints on standard output.
package enum DesktopTool {
    /// How a run ended.
    package enum Outcome: Sendable, Equatable {
        /// It ran to the end; `output` is its standard output.
        case finished(Termination, output: String)
        /// No such program on `PATH`.
        case notInstalled
        /// It could not be started, for this reason.
        case notStarted(SystemError)
        /// It was killed for running past the deadline, `timeout`.
        case timedOut(Duration)
        /// It was killed because the run was cancelled.
        case cancelled
    }

    package typealias Termination = ChildProcess.Termination

    /// Runs `program` with `arguments` in `environment`, killing it after `timeout`.
    package static func run(
        _ program: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(15)
    ) -> Outcome {
        let run = ChildProcess.runCollectingOutput(
            program, arguments: arguments, options: .init(environment: environment), timeout: timeout, limit: 1 << 20)
        switch run {
        case .finished(let termination, let output):
            return .finished(termination, output: String(decoding: output, as: UTF8.self))
        case .notStarted(let error):
            return error.code == ENOENT ? .notInstalled : .notStarted(SystemError(code: error.code))
        case .timedOut:
            return .timedOut(timeout)
        case .cancelled:
            return .cancelled
        }
    }
}
