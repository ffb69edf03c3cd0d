import AuthflowListener
import AuthflowPrimitives
import Foundation
import Synchronization

/// Runs a program and captures its output, for tests of command-line behaviour.
///
/// Both pipes are drained on their own threads while the program runs, so large outputs cannot deadlock
/// it, and standard input is written from a third thread. A program still running at the time limit gets
/// SIGTERM, then SIGKILL two seconds later.
public enum Subprocess {
    /// A subprocess that could not be started, or a helper step that failed; the text says which.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs `executable` (a path, or a name looked up in `PATH`) without blocking Swift's thread pool.
    /// `environment` is added to (and overrides) this process's environment unless `inheritEnvironment`
    /// is false.
    public static func run(
        _ executable: String,
        arguments: [String] = [],
        stdin: [UInt8]? = nil,
        environment: [String: String] = [:],
        inheritEnvironment: Bool = true,
        workingDirectory: String? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> SubprocessResult {
        try await DetachedThread.value {
            Result {
                try runBlocking(
                    executable, arguments: arguments, stdin: stdin, environment: environment,
                    inheritEnvironment: inheritEnvironment, workingDirectory: workingDirectory, timeout: timeout)
            }
        }.get()
    }

    /// The blocking form of ``run(_:arguments:stdin:environment:inheritEnvironment:workingDirectory:timeout:)``,
    /// for a program that ends at once (a file written, a tool's quick answer) or a thread of a test's own: a long
    /// wait on the cooperative pool holds one of the few threads every other test shares.
    public static func runBlocking(
        _ executable: String,
        arguments: [String] = [],
        stdin: [UInt8]? = nil,
        environment: [String: String] = [:],
        inheritEnvironment: Bool = true,
        workingDirectory: String? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> SubprocessResult {
        guard let path = executable.contains("/") ? executable : which(executable) else {
            throw Failure(description: "\(executable) was not found in PATH")
        }
        _ = ignoreBrokenPipes
        var merged = inheritEnvironment ? ProcessInfo.processInfo.environment : [:]
        merged.merge(environment) { _, new in new }

        guard let output = ChildPipe.make(), let errors = ChildPipe.make(), let input = ChildPipe.make() else {
            throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                path, arguments: arguments,
                options: .init(
                    environment: merged, workingDirectory: workingDirectory,
                    standardInput: stdin == nil ? nil : input.read, standardOutput: output.write,
                    standardError: errors.write
                ))
        } catch {
            [output.read, output.write, errors.read, errors.write, input.read, input.write].forEach { close($0) }
            throw Failure(description: error.description)
        }
        // Only the child keeps the ends it uses; ours would hold the pipes open past its exit.
        [output.write, errors.write, input.read].forEach { close($0) }

        let drained = DispatchGroup()
        let stdoutBytes = drain(output.read, group: drained)
        let stderrBytes = drain(errors.read, group: drained)
        if let stdin { feed(input.write, stdin) } else { close(input.write) }

        let exited = DispatchSemaphore(value: 0)
        let termination = Mutex<ChildProcess.Termination?>(nil)
        Thread {
            let ended = child.wait()
            termination.withLock { $0 = ended }
            exited.signal()
        }.start()

        var timedOut = false
        if exited.wait(timeout: .now() + .milliseconds(timeout.wholeMilliseconds)) == .timedOut {
            timedOut = true
            child.send(SIGTERM)
            if exited.wait(timeout: .now() + .seconds(2)) == .timedOut {
                child.send(SIGKILL)
                exited.wait()
            }
        }
        // A grandchild may keep the pipes open; do not wait for it forever.
        _ = drained.wait(timeout: .now() + .seconds(5))
        let ended = termination.withLock { $0 } ?? .exited(-1)
        let (code, bySignal): (Int32, Bool) =
            switch ended {
            case .exited(let status): (status, false)
            case .signalled(let signal): (signal, true)
            }
        return SubprocessResult(
            exitCode: code,
            terminatedBySignal: bySignal,
            stdout: stdoutBytes.withLock { $0 },
            stderr: stderrBytes.withLock { $0 },
            timedOut: timedOut
        )
    }

    /// The full path of `name` in `PATH`, if any.
    public static func which(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func drain(_ descriptor: Int32, group: DispatchGroup) -> SharedBytes {
        let bytes = SharedBytes([])
        group.enter()
        Thread {
            var collected: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                collected.append(contentsOf: buffer[..<count])
            }
            bytes.withLock { $0 = collected }
            close(descriptor)
            group.leave()
        }.start()
        return bytes
    }

    private static func feed(_ descriptor: Int32, _ data: [UInt8]) {
        Thread {
            // A program that exits without reading its input makes this fail with EPIPE; that is fine.
            var offset = 0
            while offset < data.count {
                let written = data[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
            close(descriptor)
        }.start()
    }

    /// Writing to a pipe whose reader has exited must fail with EPIPE, not kill the test process.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}

/// Bytes handed from a reader thread back to the caller.
final class SharedBytes: Sendable {
    private let storage: Mutex<[UInt8]>

    init(_ initial: [UInt8]) { storage = Mutex(initial) }

    func withLock<T>(_ body: (inout [UInt8]) -> T) -> T { storage.withLock { body(&$0) } }
}

extension Duration {
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
