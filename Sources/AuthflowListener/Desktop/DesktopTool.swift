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
        /// It could not be started, or was killed for running past the deadline.
        case failed(String)
    }

    package typealias Termination = ChildProcess.Termination

    /// Runs `program` with `arguments` in `environment`, killing it after `timeout`.
    package static func run(
        _ program: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(15)
    ) -> Outcome {
        guard let pipe = ChildPipe.make() else { return .failed("cannot create a pipe") }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                program, arguments: arguments,
                options: .init(environment: environment, standardOutput: pipe.write))
        } catch {
            close(pipe.read)
            close(pipe.write)
            return error.code == ENOENT ? .notInstalled : .failed(error.description)
        }
        close(pipe.write)
        defer { close(pipe.read) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else {
                child.send(SIGKILL)
                _ = child.wait()
                return .failed("\(program) did not finish within \(timeout)")
            }
            var descriptor = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&descriptor, 1, Self.milliseconds(left, atMost: 1000))
            if ready < 0, errno != EINTR { break }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
            if output.count > 1 << 20 { break }  // A helper that floods us is not one we understand.
        }
        return .finished(child.wait(), output: String(decoding: output, as: UTF8.self))
    }

    /// `duration` in whole milliseconds for poll(2), rounded up so a wait never ends early, capped at `limit`.
    private static func milliseconds(_ duration: Duration, atMost limit: Int32) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: min(total, Int64(limit)))
    }
}
