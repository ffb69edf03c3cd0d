import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ChildProcess {
    /// How a run whose standard output was collected ended.
    package enum CapturedRun: Sendable, Equatable {
        /// It ran to the end (or printed more than the limit); `output` is what it printed.
        case finished(Termination, output: [UInt8])
        /// It could not be started.
        case notStarted(SpawnError)
        /// It ran past the deadline and was killed.
        case timedOut
        /// `isCancelled` turned true and it was killed.
        case cancelled
    }

    /// Runs `program` to its end and collects its standard output (standard error goes where `options`
    /// says), killing it after `timeout` or once `isCancelled` returns true (checked at least every 200 ms).
    /// Output beyond `limit` bytes stops the reading: no helper we understand prints that much.
    package static func runCollectingOutput(
        _ program: String, arguments: [String], options: Options, timeout: Duration, limit: Int,
        isCancelled: () -> Bool = { false }
    ) -> CapturedRun {
        guard let pipe = ChildPipe.make() else { return .notStarted(SpawnError(program: program, code: errno)) }
        var options = options
        options.standardOutput = pipe.write
        let child: ChildProcess
        do {
            child = try spawn(program, arguments: arguments, options: options)
        } catch {
            close(pipe.read)
            close(pipe.write)
            return .notStarted(error)
        }
        close(pipe.write)
        defer { close(pipe.read) }
        let group = options.ownGroup ? ChildGroups.register(child.pid) : nil
        defer { if let group { ChildGroups.unregister(group) } }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = clock.now.duration(to: deadline)
            let stop: CapturedRun? = isCancelled() ? .cancelled : left <= .zero ? .timedOut : nil
            if let stop {
                if options.ownGroup { child.killGroup() } else { child.send(SIGKILL) }
                _ = child.wait()
                ChildGroups.holdIfExiting()
                return stop
            }
            var descriptor = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            let ready = SystemCall.retryingInterrupts { Glibc.poll(&descriptor, 1, milliseconds(left, atMost: 200)) }
            if ready < 0 { break }
            guard ready > 0 else { continue }
            let count = SystemCall.read(pipe.read, into: &chunk)
            if count <= 0 { break }
            output.append(contentsOf: chunk[0..<count])
            if output.count > limit { break }
        }
        if options.ownGroup {
            // Whatever the command left running in its group goes with it, before the leader is reaped.
            child.waitWithoutReaping()
            ChildGroups.holdIfExiting()
            child.killGroup()
        }
        return .finished(child.wait(), output: output)
    }

    /// `duration` in whole milliseconds for poll(2), rounded up so a wait never ends early, capped at `limit`.
    private static func milliseconds(_ duration: Duration, atMost limit: Int32) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: min(total, Int64(limit)))
    }
}
