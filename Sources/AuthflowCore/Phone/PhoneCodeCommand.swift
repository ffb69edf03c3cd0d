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
/// (`AUTHFLOW_PHONE_NUMBER`, `AUTHFLOW_VERIFICATION_ID`; the emulator lists codes by verification ID), plus
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

    /// Runs the command for `pending` and returns the code it printed.
    public func code(for pending: PendingPhoneVerification) async throws(PhoneSignInError) -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["AUTHFLOW_PHONE_NUMBER"] = pending.phoneNumber.e164
        environment["AUTHFLOW_VERIFICATION_ID"] = pending.verificationID
        environment["AUTHFLOW_PROJECT_ID"] = pending.project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = pending.project.emulatorHost
        let cancelled = CancellationSwitch()
        let childEnvironment = environment
        let command = self.command
        let timeout = self.timeout
        let result: Result<String, PhoneSignInError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: Self.run(command, environment: childEnvironment, timeout: timeout, cancelled: cancelled))
                }.start()
            }
        } onCancel: {
            cancelled.flip()
        }
        return try result.get()
    }

    private static func run(
        _ command: String, environment: [String: String], timeout: Duration, cancelled: CancellationSwitch
    ) -> Result<String, PhoneSignInError> {
        let shown = "--code-command \"\(command)\""
        guard let pipe = ChildPipe.make() else { return .failure(.codeCommand("\(shown) could not be started: no pipe.")) }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                "/bin/sh", arguments: ["-c", command],
                options: .init(environment: environment, standardOutput: pipe.write, standardError: STDERR_FILENO))
        } catch {
            close(pipe.read)
            close(pipe.write)
            return .failure(.codeCommand("\(shown) could not be started: \(error.description)"))
        }
        close(pipe.write)
        defer { close(pipe.read) }

        let deadline = ContinuousClock.now + timeout
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if cancelled.isOn || ContinuousClock.now >= deadline {
                child.send(SIGKILL)
                _ = child.wait()
                return .failure(.codeCommand(cancelled.isOn
                    ? "\(shown) was stopped."
                    : "\(shown) printed no code within \(timeout.components.seconds) seconds."))
            }
            var descriptor = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready < 0, errno != EINTR { break }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
            if output.count > 64 * 1024 { break }  // A code is a few digits; anything this long is not one.
        }
        let termination = child.wait()
        guard termination == .exited(0) else {
            let how = switch termination {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
            return .failure(.codeCommand("\(shown) \(how); see its messages above. The verification is saved: "
                + "retry with `authflow phone verify`."))
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
