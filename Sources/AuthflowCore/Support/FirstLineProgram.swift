import AuthflowListener
import AuthflowPrimitives
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A shell command the user owns whose first non-empty line of standard output is a value authflow needs:
/// the SMS code (``CodeProgram``), a reCAPTCHA Enterprise token (``RecaptchaTokenProgram``). It runs with
/// `/bin/sh -c` on a thread of its own, its standard error is ours (its complaints reach the person), and
/// cancelling the calling task stops it.
struct FirstLineProgram: Sendable {
    let command: String
    let environment: [String: String]
    let timeout: Duration
    /// Output beyond this many bytes is not a value: the command is stopped.
    let limit: Int

    /// The line, or what went wrong.
    enum Outcome: Sendable {
        case line(String)
        case failure(CodeProgramFailure.Problem)
    }

    /// Runs the command and returns its first non-empty line, trimmed.
    func run() async -> Outcome {
        let cancelled = CancellationSwitch()
        let program = self
        return await withTaskCancellationHandler {
            await DetachedThread.value { program.runHere(cancelled: cancelled) }
        } onCancel: {
            cancelled.flip()
        }
    }

    private func runHere(cancelled: CancellationSwitch) -> Outcome {
        let run = ChildProcess.runCollectingOutput(
            "/bin/sh", arguments: ["-c", command],
            options: .userCommand(environment: environment),
            timeout: timeout, limit: limit, isCancelled: { cancelled.isOn })
        let termination: ChildProcess.Termination
        let output: [UInt8]
        switch run {
        case .finished(let ended, let printed): (termination, output) = (ended, printed)
        case .notStarted(let error): return .failure(.notStarted(SystemError(code: error.code)))
        case .cancelled: return .failure(.stopped)
        case .timedOut: return .failure(.timedOut(timeout))
        }
        switch termination {
        case .exited(0): break
        case .exited(let status): return .failure(.failed(.exited(status)))
        case .signalled(let signal): return .failure(.failed(.signalled(signal)))
        }
        let lines = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
        let trimmed = lines.lazy.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line = trimmed.first(where: { !$0.isEmpty }) else {
            return .failure(.printedNothing)
        }
        return .line(line)
    }
}

/// A flag another thread can raise once; the command's thread checks it between reads.
final class CancellationSwitch: Sendable {
    private let raised = Mutex(false)

    var isOn: Bool { raised.withLock { $0 } }

    func flip() {
        raised.withLock { $0 = true }
    }
}
