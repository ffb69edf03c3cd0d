import AuthflowListener
import CSignalPipe
import Dispatch
import Foundation
import Synchronization

/// Waits for the first of `signals`, with their default actions replaced so the process can stop its work
/// cleanly instead of dying mid-request. A plain C handler, installed by one `sigaction`, writes each signal to a
/// pipe that a dispatch source reads: there is no moment in which a signal is ignored or lost (a
/// `SIG_IGN`-then-dispatch-source setup drops one that arrives between the two, and on Linux a dispatch signal
/// source misses signals delivered to threads that do not block them).
///
/// The first signal any waiter receives is kept for the process: a command it ends exits with that signal's
/// status (``EndingSignals/exitStatus(for:)``), whatever path its cancellation took.
final class SignalWaiter: @unchecked Sendable {
    // The source is created once and only cancelled from the queue it runs on; `signals` never changes.
    private let queue = DispatchQueue(label: "authflow.signals")
    private let signals: [Int32]
    private var source: (any DispatchSourceRead)?
    private let fired = Mutex<(signal: Int32?, continuation: CheckedContinuation<Int32, Never>?)>((nil, nil))

    /// The first signal a waiter of this process received, or nil.
    static var firstReceived: Int32? {
        let signal = firstSignal.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? nil : signal
    }

    /// The status for a command ended by a signal: that of the first signal received (130, Ctrl-C's, when none
    /// was, for a cancellation that came another way).
    static var interruptedStatus: Int32 {
        EndingSignals.exitStatus(for: firstReceived ?? SIGINT)
    }

    private static let firstSignal = Atomic<Int32>(0)

    /// `signals` without those whose action is to ignore them: `nohup` (SIGHUP) and a script starting a
    /// background job (SIGINT, SIGQUIT) asked for them to be ignored, and so they stay.
    static func catchable(_ signals: [Int32]) -> [Int32] {
        signals.filter { authflow_signal_is_ignored($0) == 0 }
    }

    /// Catches `signals`, by default every signal that ends authflow (``EndingSignals/all``), except those the
    /// process was started ignoring (``catchable(_:)``).
    init(signals: [Int32] = EndingSignals.all) {
        let signals = Self.catchable(signals)
        self.signals = signals
        var ends: [Int32] = [-1, -1]
        guard authflow_signal_pipe_open(&ends) == 0 else {
            // No pipe (out of descriptors): the default actions stay, so a signal still ends the process.
            return
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler { [weak self] in
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 {
                self?.deliver(Int32(byte))
            }
        }
        source.setCancelHandler {
            close(readEnd)
            close(writeEnd)
        }
        source.resume()
        self.source = source
        for number in signals {
            _ = authflow_signal_pipe_catch(number, writeEnd)
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
        for number in signals { _ = authflow_signal_pipe_release(number) }
        queue.sync {
            source?.cancel()
        }
        deliver(0)
    }

    private func deliver(_ number: Int32) {
        if number != 0 {
            _ = Self.firstSignal.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
        }
        let continuation: CheckedContinuation<Int32, Never>? = fired.withLock { state in
            guard state.signal == nil else { return nil }
            state.signal = number
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: number)
    }
}
