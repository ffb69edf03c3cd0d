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
        let childEnvironment = environment
        let command = self.command
        let timeout = self.timeout
        let flow = sent.flow
        let result = await Self.running(command, environment: childEnvironment, timeout: timeout)
        return try result.mapError { failed in
            PhoneSignInError.codeCommand(CodeProgramFailure(command: command, problem: failed.problem, flow: flow))
        }.get()
    }

    /// Runs the command for a TOTP code: `AUTHFLOW_TOTP_URI` holds the `otpauth://` URI (secret included, so
    /// any TOTP implementation can compute the code), with `AUTHFLOW_PROJECT_ID` and `AUTHFLOW_EMULATOR_HOST`
    /// as for SMS. Without a URI (signing in, where the secret is not known) the variable is left out.
    public func totpCode(uri: String?, project: SessionProject) async throws(TOTPProblem) -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["AUTHFLOW_TOTP_URI"] = uri
        environment["AUTHFLOW_PROJECT_ID"] = project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = project.emulatorHost
        let command = self.command
        return try await Self.running(command, environment: environment, timeout: timeout).mapError { failed in
            TOTPProblem.codeCommand(command: command, problem: failed.problem)
        }.get()
    }

    private static func running(
        _ command: String, environment: [String: String], timeout: Duration
    ) async -> Result<String, ProgramProblem> {
        let cancelled = CancellationSwitch()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: Self.run(
                        command, environment: environment, timeout: timeout, cancelled: cancelled))
                }.start()
            }
        } onCancel: {
            cancelled.flip()
        }
    }

    private static func run(
        _ command: String, environment: [String: String], timeout: Duration, cancelled: CancellationSwitch
    ) -> Result<String, ProgramProblem> {
        func failure(_ problem: CodeProgramFailure.Problem) -> Result<String, ProgramProblem> {
            .failure(ProgramProblem(problem: problem))
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

/// Why the command gave no code, before a flow is attached to it.
private struct ProgramProblem: Error {
    let problem: CodeProgramFailure.Problem
}

/// A flag another thread can raise once; the command's thread checks it between reads.
private final class CancellationSwitch: Sendable {
    private let raised = Mutex(false)

    var isOn: Bool { raised.withLock { $0 } }

    func flip() {
        raised.withLock { $0 = true }
    }
}
