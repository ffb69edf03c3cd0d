import Synchronization

/// The time a series of requests may spend in all, shared by every client given it: each request may take only
/// what is left, so a command's requests together never outlast it, however many there are. Only the time
/// while at least one request is on its way counts; the waits between requests (a person in a browser, typing a
/// code) do not.
public final class RequestBudget: Sendable {
    /// The time all the requests may take together.
    public let total: Duration

    private struct State {
        var spent: Duration = .zero
        var inFlight = 0
        var since: ContinuousClock.Instant = .now
    }

    private let state = Mutex(State())

    /// A budget of `total` for the requests to come.
    public init(total: Duration) {
        self.total = total
    }

    /// What is left now: the total less the time requests have spent so far.
    public var left: Duration {
        state.withLock { state in
            let running = state.inFlight > 0 ? ContinuousClock.now - state.since : .zero
            return total - state.spent - running
        }
    }

    /// Counts the time from now as spent, until the matching ``end()``; returns what was left when it began.
    func begin() -> Duration {
        state.withLock { state in
            let now = ContinuousClock.now
            if state.inFlight == 0 { state.since = now }
            state.inFlight += 1
            return total - state.spent - (now - state.since)
        }
    }

    /// Ends one request begun with ``begin()``.
    func end() {
        state.withLock { state in
            state.inFlight -= 1
            guard state.inFlight == 0 else { return }
            state.spent += ContinuousClock.now - state.since
        }
    }
}
