import AuthflowListener
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--code-command CMD`: a shell command that prints the SMS code, for CI, an SMS gateway, or the emulator's
/// `verificationCodes` endpoint.
///
/// It runs with `/bin/sh -c` after the SMS was sent, with the number and verification ID in its environment
/// (`AUTHFLOW_PHONE_NUMBER`, masked for a second factor whose full number the flow does not know;
/// `AUTHFLOW_VERIFICATION_ID`, by which the emulator lists codes), plus
/// `AUTHFLOW_PROJECT_ID` and, against an emulator, `AUTHFLOW_EMULATOR_HOST`. Its standard error is ours, so
/// its complaints reach the person; the first non-empty line of its standard output is the code.
public struct PhoneCodeCommand: Sendable {
    /// The command line, as given.
    public let command: String
    /// How long it may run.
    public let timeout: Duration

    /// A command that may run for `timeout`.
    public init(_ command: String, timeout: Duration = .seconds(300)) {
        self.command = command
        self.timeout = timeout
    }

    /// Runs the command for the code texted as `sent` and returns the code it printed.
    public func code(for sent: SentSMSCode) async throws(PhoneSignInError) -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["AUTHFLOW_PHONE_NUMBER"] = sent.phoneNumber?.e164 ?? sent.recipient
        environment["AUTHFLOW_VERIFICATION_ID"] = sent.verificationID
        environment["AUTHFLOW_PROJECT_ID"] = sent.project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = sent.project.emulatorHost
        let cancelled = CancellationSwitch()
        let childEnvironment = environment
        let command = self.command
        let timeout = self.timeout
        let resume = sent.resumeCommand
        let result: Result<String, PhoneSignInError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: Self.run(
                        command, environment: childEnvironment, timeout: timeout, resume: resume, cancelled: cancelled))
                }.start()
            }
        } onCancel: {
            cancelled.flip()
        }
        return try result.get()
    }

    private static func run(
        _ command: String, environment: [String: String], timeout: Duration, resume: String,
        cancelled: CancellationSwitch
    ) -> Result<String, PhoneSignInError> {
        let shown = "--code-command \"\(command)\""
        let run = ChildProcess.runCollectingOutput(
            "/bin/sh", arguments: ["-c", command],
            options: .init(environment: environment, standardError: STDERR_FILENO),
            timeout: timeout, limit: 64 * 1024,  // A code is a few digits; anything this long is not one.
            isCancelled: { cancelled.isOn })
        let termination: ChildProcess.Termination
        let output: [UInt8]
        switch run {
        case .finished(let ended, let printed):
            (termination, output) = (ended, printed)
        case .notStarted(let error):
            return .failure(.codeCommand("\(shown) could not be started: \(error.description)"))
        case .cancelled:
            return .failure(.codeCommand("\(shown) was stopped."))
        case .timedOut:
            return .failure(.codeCommand("\(shown) printed no code within \(timeout.components.seconds) seconds."))
        }
        guard termination == .exited(0) else {
            let how = switch termination {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
            return .failure(.codeCommand("\(shown) \(how); see its messages above. The verification is saved: "
                + "finish with `\(resume)`."))
        }
        let lines = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let code = lines.lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else {
            return .failure(.codeCommand("\(shown) printed nothing on standard output; it must print the SMS code."))
        }
        return .success(code)
    }
}

/// A flag another thread can raise once; the command's thread checks it between reads.
private final class CancellationSwitch: Sendable {
    private let raised = Mutex(false)

    var isOn: Bool { raised.withLock { $0 } }

    func flip() {
        raised.withLock { $0 = true }
    }
}
