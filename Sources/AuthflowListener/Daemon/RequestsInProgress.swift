import Foundation
import Synchronization

/// Counts the server's requests in progress, from the request line's arrival until libmicrohttpd reports the
/// request finished (its answer fully sent, or its connection gone), so that a graceful stop can let them end.
///
/// Each ``RequestContext`` counts itself in on creation and out when it goes, so a request libmicrohttpd drops
/// without reporting it complete is counted out with its connection. A connection waiting for its next request
/// (an idle keep-alive one, or one just accepted) holds no request and is not counted. The count is atomic, and
/// the lock is taken only once a stop is waiting, so requests on different connections never contend here.
final class RequestsInProgress: @unchecked Sendable {
    // `count` and `stopping` are atomic; `condition` only wakes the waiting stop.
    private let count = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let condition = NSCondition()

    /// Whether a stop has begun: answers given from now on close their connections.
    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// A request line arrived.
    func begin() {
        count.add(1, ordering: .sequentiallyConsistent)
    }

    /// A request finished or was dropped.
    func end() {
        let left = count.subtract(1, ordering: .sequentiallyConsistent).newValue
        // `drain` sets `stopping` before it reads the count under the lock, so either it sees this request
        // gone or this sees it stopping and wakes it.
        guard left <= 0, stopping.load(ordering: .sequentiallyConsistent) else { return }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the server stopping, then waits until no request is in progress or `limit` has passed; returns
    /// whether every request ended in time.
    func drain(limit: Duration) -> Bool {
        stopping.store(true, ordering: .sequentiallyConsistent)
        let (seconds, attoseconds) = limit.components
        let deadline = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while count.load(ordering: .sequentiallyConsistent) > 0 {
            if !condition.wait(until: deadline) { return count.load(ordering: .sequentiallyConsistent) <= 0 }
        }
        return true
    }
}
