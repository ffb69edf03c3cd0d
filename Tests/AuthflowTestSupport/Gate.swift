import Foundation

/// A one-way latch: handlers that simulate a stalled server wait on it, and the test opens it when done so
/// the server can stop without waiting out the stall.
public final class Gate: @unchecked Sendable {
    // All state is guarded by `condition`.
    private let condition = NSCondition()
    private var isOpen = false

    public init() {}

    /// Blocks until ``open()`` is called or `timeout` passes; returns whether the gate was opened.
    @discardableResult
    public func wait(timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeout.wholeMilliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen {
            if !condition.wait(until: deadline) { return isOpen }
        }
        return true
    }

    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}
