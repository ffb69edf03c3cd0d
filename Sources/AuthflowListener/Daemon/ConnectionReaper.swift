import Foundation

/// A thread per server that closes connections past ``LoopbackServer/Configuration/requestDeadline``,
/// checking the ``ConnectionRegistry`` a few times per deadline.
final class ConnectionReaper: @unchecked Sendable {
    // `stopping` and `finished` are guarded by `condition`.
    private let condition = NSCondition()
    private var stopping = false
    private var finished = false

    /// Starts the thread; it runs until ``stop()``.
    init(registry: ConnectionRegistry, deadline: Duration) {
        // A connection is closed between `deadline` and `deadline + interval` after it began waiting.
        let interval = min(max(deadline / 5, .milliseconds(20)), .seconds(1))
        let thread = Thread { [self] in
            // Named from inside: on Linux a name set before start() does not reach the system thread.
            Thread.current.name = "authflow-reaper"
            run(registry: registry, deadline: deadline, interval: interval)
        }
        thread.start()
    }

    /// Ends the thread and waits for it, so no shutdown happens after this returns. Safe to call more than once.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
    }

    private func run(registry: ConnectionRegistry, deadline: Duration, interval: Duration) {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        condition.lock()
        while !stopping {
            if condition.wait(until: Date(timeIntervalSinceNow: seconds)) { continue }
            condition.unlock()
            registry.shutDownOverdue(deadline: deadline)
            condition.lock()
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
