import Foundation

/// Counts answers that were queued but not yet fully sent, so that stopping the server does not cut off the
/// last one: the page or handoff status for the callback that made its owner stop.
final class PendingDeliveries: @unchecked Sendable {
    // `count` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var count = 0

    /// A request is being answered.
    func begin() {
        condition.lock()
        count += 1
        condition.unlock()
    }

    /// libmicrohttpd reported that request finished: its answer was sent, or its connection is gone.
    func end() {
        condition.lock()
        count -= 1
        if count <= 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Waits until nothing is pending, for at most `limit`; a client that stopped reading cannot hold up a stop.
    func waitUntilDelivered(limit: Duration) {
        let deadline = Date().addingTimeInterval(
            Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18)
        condition.lock()
        while count > 0, condition.wait(until: deadline) {}
        condition.unlock()
    }
}
