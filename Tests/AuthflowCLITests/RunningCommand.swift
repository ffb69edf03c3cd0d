import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation

/// An `authflow` process left running, for commands that wait (listen): read its first line, signal it,
/// then collect the rest.
final class RunningCommand: @unchecked Sendable {
    // Touched only by the test that owns it, one call at a time.
    private let child: ChildProcess
    private let output: Int32
    private var buffered: [UInt8] = []

    init(_ arguments: [String], environment: [String: String]) throws {
        guard let pipe = ChildPipe.make() else { throw Subprocess.Failure(description: "pipe failed") }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        child = try ChildProcess.spawn(
            AuthflowCommand.binaryPath, arguments: arguments,
            options: .init(environment: merged, standardOutput: pipe.write)
        )
        close(pipe.write)
        output = pipe.read
    }

    /// The next line of standard output, without its newline; nil at the end. The read blocks a thread of its
    /// own, not one of the cooperative pool the other tests share.
    func readLine() async -> String? {
        await DetachedThread.value { [self] in nextLine() }
    }

    private func nextLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }

    func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Waits for the exit (on a thread of its own, as ``readLine()``); the remaining lines of output come back
    /// with the status.
    func finish() async -> (termination: ChildProcess.Termination, lines: [String]) {
        await DetachedThread.value { [self] in
            var lines: [String] = []
            while let line = nextLine() { lines.append(line) }
            close(output)
            return (child.wait(), lines)
        }
    }
}
