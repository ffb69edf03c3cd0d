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
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try runBlocking(
                        executable, arguments: arguments, stdin: stdin, environment: environment,
                        inheritEnvironment: inheritEnvironment, workingDirectory: workingDirectory, timeout: timeout
                    )
                })
            }.start()
        }
    }

    /// The blocking form of ``run(_:arguments:stdin:environment:inheritEnvironment:workingDirectory:timeout:)``
    /// for synchronous helpers; do not call it from many tasks at once on the cooperative pool.
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var merged = inheritEnvironment ? ProcessInfo.processInfo.environment : [:]
        merged.merge(environment) { _, new in new }
        process.environment = merged
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }

        let output = Pipe(), errors = Pipe()
        let input: Pipe? = stdin == nil ? nil : Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input ?? FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try ProcessLaunch.run(process)

        let drained = DispatchGroup()
        let stdoutBytes = drain(output.fileHandleForReading, group: drained)
        let stderrBytes = drain(errors.fileHandleForReading, group: drained)
        if let input, let stdin { feed(input.fileHandleForWriting, stdin) }

        var timedOut = false
        if exited.wait(timeout: .now() + .milliseconds(timeout.wholeMilliseconds)) == .timedOut {
            timedOut = true
            process.terminate()
            if exited.wait(timeout: .now() + .seconds(2)) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
        }
        // A grandchild may keep the pipes open; do not wait for it forever.
        _ = drained.wait(timeout: .now() + .seconds(5))
        return SubprocessResult(
            exitCode: process.terminationStatus,
            terminatedBySignal: process.terminationReason == .uncaughtSignal,
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

    private static func drain(_ handle: FileHandle, group: DispatchGroup) -> SharedBytes {
        let bytes = SharedBytes([])
        group.enter()
        Thread {
            var collected: [UInt8] = []
            while let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                collected.append(contentsOf: chunk)
            }
            bytes.withLock { $0 = collected }
            try? handle.close()
            group.leave()
        }.start()
        return bytes
    }

    private static func feed(_ handle: FileHandle, _ data: [UInt8]) {
        Thread {
            // A program that exits without reading its input makes this fail with EPIPE; that is fine.
            try? handle.write(contentsOf: Data(data))
            try? handle.close()
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
