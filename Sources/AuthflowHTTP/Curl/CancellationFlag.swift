import Synchronization

/// Set from the task's cancellation handler, polled by the transfer's progress callback on another thread.
final class CancellationFlag: Sendable {
    private let state = Atomic<Bool>(false)

    var isCancelled: Bool { state.load(ordering: .acquiring) }

    func cancel() { state.store(true, ordering: .releasing) }
}
