import AuthflowListener
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A shell command that prints the SMS code (the CLI's `--code-command`), for CI, an SMS gateway, or the emulator's
/// `verificationCodes` endpoint.
///
/// It runs with `/bin/sh -c` after the SMS was sent, with the number and verification ID in its environment
/// (`AUTHFLOW_PHONE_NUMBER`, masked for a second factor whose full number the flow does not know;
/// `AUTHFLOW_VERIFICATION_ID`, by which the emulator lists codes), plus
/// `AUTHFLOW_PROJECT_ID` and, against an emulator, `AUTHFLOW_EMULATOR_HOST`. Its standard error is ours, so
/// its complaints reach the person; the first non-empty line of its standard output is the code.
public struct CodeProgram: Sendable {
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
        let flow = sent.flow
        let result: Result<String, PhoneSignInError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: Self.run(
                        command, environment: childEnvironment, timeout: timeout, flow: flow, cancelled: cancelled))
                }.start()
            }
        } onCancel: {
            cancelled.flip()
        }
        return try result.get()
    }

    private static func run(
        _ command: String, environment: [String: String], timeout: Duration, flow: SMSCodeFlow,
        cancelled: CancellationSwitch
    ) -> Result<String, PhoneSignInError> {
        func failure(_ problem: CodeProgramFailure.Problem) -> Result<String, PhoneSignInError> {
            .failure(.codeCommand(CodeProgramFailure(command: command, problem: problem, flow: flow)))
        }
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
            return failure(.notStarted(error.description))
        case .cancelled:
            return failure(.stopped)
        case .timedOut:
            return failure(.timedOut(timeout))
        }
        guard termination == .exited(0) else {
            return switch termination {
            case .exited(let status): failure(.failed(.exited(status)))
            case .signalled(let signal): failure(.failed(.signalled(signal)))
            }
        }
        let lines = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let code = lines.lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else {
            return failure(.printedNothing)
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
