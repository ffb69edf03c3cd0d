import AuthflowCore
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Synchronization

/// An `authflow` process a test talks to while it runs: lines written to its standard input when the test
/// decides, both outputs collected as they come, and signals (including SIGKILL) sent by the test.
final class InteractiveCommand: Sendable {
    private let child: ChildProcess
    private let input: Int32
    private let collected = Mutex<(stdout: [UInt8], stderr: [UInt8], open: Int)>(([], [], 2))
    private let inputOpen = Mutex(true)

    /// Runs `authflow arguments`, or `executable arguments` (a wrapper such as `prlimit` that execs authflow).
    init(
        _ arguments: [String], environment: [String: String], workingDirectory: String? = nil,
        executable: String = AuthflowCommand.binaryPath
    ) throws {
        guard let stdin = ChildPipe.make(), let stdout = ChildPipe.make(), let stderr = ChildPipe.make() else {
            throw Subprocess.Failure(description: "pipe failed")
        }
        var merged = ProcessInfo.processInfo.environment
        for key in ConfigurationKey.allCases { merged[key.environmentVariable] = "" }
        for proxy in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] { merged[proxy] = "" }
        merged.merge(environment) { _, new in new }
        child = try ChildProcess.spawn(
            executable, arguments: arguments,
            options: .init(
                environment: merged, workingDirectory: workingDirectory, standardInput: stdin.read,
                standardOutput: stdout.write, standardError: stderr.write))
        close(stdin.read)
        close(stdout.write)
        close(stderr.write)
        input = stdin.write
        for (descriptor, isError) in [(stdout.read, false), (stderr.read, true)] {
            Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(descriptor, &chunk, chunk.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    self.collected.withLock { state in
                        if isError { state.stderr += chunk[..<count] } else { state.stdout += chunk[..<count] }
                    }
                }
                close(descriptor)
                self.collected.withLock { $0.open -= 1 }
            }.start()
        }
    }

    var stdoutText: String { collected.withLock { String(decoding: $0.stdout, as: UTF8.self) } }
    var stderrText: String { collected.withLock { String(decoding: $0.stderr, as: UTF8.self) } }

    /// Writes `line` and a newline to the command's standard input.
    func send(line: String) {
        let bytes = Array((line + "\n").utf8)
        inputOpen.withLock { open in
            guard open else { return }
            _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        }
    }

    /// Ends the command's standard input.
    func closeInput() {
        inputOpen.withLock { open in
            if open { close(input) }
            open = false
        }
    }

    /// Waits until standard error holds something `matches` accepts, and returns it. Gives up (throws) after
    /// `limit` only so a broken build cannot hang the suite; no test relies on how fast it is.
    @discardableResult
    func waitForStandardError(limit: Duration = .seconds(60), _ matches: (String) -> String?) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let found = matches(stderrText) { return found }
            if child.poll() != nil || collected.withLock({ $0.open == 0 }) {
                if let found = matches(stderrText) { return found }
                throw Subprocess.Failure(description: "authflow ended first; stderr: \(stderrText)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Subprocess.Failure(description: "not seen on stderr: \(stderrText)")
    }

    func send(signal: Int32) {
        child.send(signal)
    }

    /// Waits for the exit (closing standard input first) and for both outputs to end.
    func finish() async -> ChildProcess.Termination {
        closeInput()
        let child = self.child
        let termination = await DetachedThread.value { child.wait() }
        while collected.withLock({ $0.open > 0 }) { try? await Task.sleep(for: .milliseconds(20)) }
        return termination
    }
}
