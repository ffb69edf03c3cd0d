import Synchronization

/// Where a phone sign-in stands, as the loopback page shows it, and the mailbox its code field posts into.
///
/// The page polls the phase; the flow moves it on and waits for a code from it. Both sides run on different
/// threads (the listener's connection threads, the flow's task), hence the lock.
final class LoopbackPageProgress: Sendable {
    /// What the page shows.
    enum Phase: Sendable, Equatable {
        /// Solve the reCAPTCHA.
        case recaptcha
        /// reCAPTCHA Enterprise was refused under AUDIT: solve the v2 checkbox (the web SDK's fallback).
        case fallback
        /// The answer arrived; the SMS is being requested.
        case sending
        /// The SMS was sent; the code field is open. `note` says something about the last try, if anything.
        case code(note: String?)
        /// A code arrived; it is being checked.
        case confirming
        /// Finished; the message says how.
        case done(String)
        /// Stopped; the message says why and what to do.
        case failed(String)

        /// The name the page's script switches on.
        var name: String {
            switch self {
            case .recaptcha: "recaptcha"
            case .fallback: "recaptcha-v2"
            case .sending: "sending"
            case .code: "code"
            case .confirming: "confirming"
            case .done: "done"
            case .failed: "failed"
            }
        }

        var message: String? {
            switch self {
            case .code(let note): note
            case .done(let message), .failed(let message): message
            default: nil
            }
        }

        var isFinal: Bool {
            switch self {
            case .done, .failed: true
            default: false
            }
        }
    }

    private struct State {
        var phase: Phase = .recaptcha
        var code: String?
        var waiter: (id: Int, continuation: CheckedContinuation<String?, Never>)?
        var nextID = 0
    }

    private let state = Mutex(State())
    fileprivate let seen = Mutex((any: false, final: false))

    var phase: Phase { state.withLock { $0.phase } }

    /// Moves to `phase`; a final phase also ends a wait for the code.
    func move(to phase: Phase) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard !state.phase.isFinal else { return nil }
            state.phase = phase
            guard phase.isFinal else { return nil }
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: nil)
    }

    /// Takes a code typed on the page; only while the code field is open. Returns whether it was taken.
    func submit(code: String) -> Bool {
        deliver(code, accepted: { if case .code = $0 { true } else { false } }, then: .confirming)
    }

    /// Takes the v2 checkbox's token; only while the page shows the fallback. Returns whether it was taken.
    func submit(fallbackToken token: String) -> Bool {
        deliver(token, accepted: { $0 == .fallback }, then: .sending)
    }

    /// The v2 token the page posts after ``Phase/fallback``; nil when the page reached a final phase or the
    /// task was cancelled. (The page offers one value at a time: the fallback token, then codes.)
    func nextFallbackToken() async -> String? { await nextCode() }

    private func deliver(_ value: String, accepted: (Phase) -> Bool, then next: Phase) -> Bool {
        let code = value
        let outcome = state.withLock { state -> (taken: Bool, waiter: CheckedContinuation<String?, Never>?) in
            guard accepted(state.phase) else { return (false, nil) }
            state.phase = next
            guard let waiter = state.waiter else {
                state.code = code
                return (true, nil)
            }
            state.waiter = nil
            return (true, waiter.continuation)
        }
        outcome.waiter?.resume(returning: code)
        return outcome.taken
    }

    /// The next code typed on the page; nil when the page reached a final phase or the task was cancelled.
    func nextCode() async -> String? {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
                let immediate = state.withLock { state -> String?? in
                    if let code = state.code {
                        state.code = nil
                        return .some(code)
                    }
                    if state.phase.isFinal || Task.isCancelled { return .some(nil) }
                    state.waiter = (id, continuation)
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume(returning: nil)
        }
    }
}

extension LoopbackPageProgress {
    /// Whether the page has polled since the flow reached a final phase: then the person saw the outcome and
    /// the listener can stop.
    var finalPhaseSeen: Bool { seen.withLock { $0.final } }
    /// Whether the page polled at all (a browser is showing it).
    var everPolled: Bool { seen.withLock { $0.any } }

    /// Notes a poll that showed `phase`.
    func polled(_ phase: Phase) {
        seen.withLock { seen in
            seen.any = true
            if phase.isFinal { seen.final = true }
        }
    }
}
