import Dispatch
import Foundation
import Synchronization

/// Waits for the first of `signals` through DispatchSource, with the default actions turned off so the
/// process can stop the server cleanly instead of dying mid-request.
final class SignalWaiter: @unchecked Sendable {
    // The sources are created once and only cancelled from the queue they run on.
    private let queue = DispatchQueue(label: "authflow.signals")
    private var sources: [any DispatchSourceSignal] = []
    private let fired = Mutex<(signal: Int32?, continuation: CheckedContinuation<Int32, Never>?)>((nil, nil))

    init(signals: [Int32]) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// The signal received so far, if any (`nil` also after ``cancel()``): for loops that cannot await
    /// ``wait()``, such as a prompt polling standard input.
    var received: Int32? {
        fired.withLock { $0.signal.flatMap { $0 == 0 ? nil : $0 } }
    }

    /// The first signal received, or 0 when ``cancel()`` came first.
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let already: Int32? = fired.withLock { state in
                if let signal = state.signal { return signal }
                state.continuation = continuation
                return nil
            }
            if let already { continuation.resume(returning: already) }
        }
    }

    /// Stops catching the signals (their default actions apply again) and ends a pending ``wait()`` with 0.
    func cancel() {
        queue.sync {
            sources.forEach { $0.cancel() }
        }
        for source in sources { signal(Int32(source.handle), SIG_DFL) }
        deliver(0)
    }

    private func deliver(_ number: Int32) {
        let continuation: CheckedContinuation<Int32, Never>? = fired.withLock { state in
            guard state.signal == nil else { return nil }
            state.signal = number
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: number)
    }
}
