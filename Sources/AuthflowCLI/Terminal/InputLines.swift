import Foundation
import Synchronization

/// Standard input as a queue of lines shared by everyone who reads it in one run: the phone flow first takes
/// pasted callback URLs, then the SMS code, from the same input.
///
/// One thread reads (the first ``next()`` starts it) and hands lines out in order. A reader that is
/// cancelled gives up its turn without losing a line or ending the input for the next one, which
/// `readLine` on several threads, or an `AsyncStream`, would not guarantee.
final class InputLines: Sendable {
    /// This process's standard input.
    static let standardInput = InputLines()

    private struct State {
        var lines: [String] = []
        var ended = false
        var started = false
        var waiters: [(id: Int, continuation: CheckedContinuation<String?, Never>)] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// The next line without its line end; nil at the end of input or when the calling task is cancelled.
    func next() async -> String? {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        startReading()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
                let immediate = state.withLock { state -> String?? in
                    if !state.lines.isEmpty { return .some(state.lines.removeFirst()) }
                    if state.ended || Task.isCancelled { return .some(nil) }
                    state.waiters.append((id, continuation))
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(returning: nil)
        }
    }

    private func startReading() {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started
        }
        guard first else { return }
        Thread { [self] in
            while let line = readLine(strippingNewline: true) {
                deliver(line.hasSuffix("\r") ? String(line.dropLast()) : line)
            }
            finish()
        }.start()
    }

    private func deliver(_ line: String) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard !state.waiters.isEmpty else {
                state.lines.append(line)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: line)
    }

    private func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<String?, Never>] in
            state.ended = true
            defer { state.waiters = [] }
            return state.waiters.map(\.continuation)
        }
        waiters.forEach { $0.resume(returning: nil) }
    }
}
