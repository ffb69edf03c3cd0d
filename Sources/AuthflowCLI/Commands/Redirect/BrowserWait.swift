import AuthflowListener
import AuthflowLocalization
import Foundation

/// Waits for a listener's callback with the countdown line, ending early on Ctrl-C or another ending signal.
enum BrowserWait {
    enum Outcome<Answer: Sendable>: Sendable {
        case callback(Answer)
        case failed(RedirectListenerError)
        case interrupted
    }

    /// Catches Ctrl-C and the other signals that end authflow (``EndingSignals``) from now on; make it before
    /// announcing the wait, so an early Ctrl-C is handled rather than killing the process with the port still in
    /// its rendezvous file.
    static func catchInterrupts() -> SignalWaiter {
        SignalWaiter()
    }

    /// Waits for `listener`'s callback. With `stopsListener` false the listener keeps serving afterwards (the
    /// phone flow's loopback page still needs it); a wait that ends otherwise always stops it. With a
    /// `pastePrompt` (someone is to type a paste) the countdown is written once on its own line, never
    /// redrawn, and the prompt follows it.
    static func run<Answer: Sendable>(
        listener: RedirectListener<Answer>, signals: SignalWaiter, timeout: Duration, message: String,
        stopsListener: Bool = true, pastePrompt: String? = nil
    ) async -> Outcome<Answer> {
        let indicator = WaitIndicator(message: message, deadline: .now + timeout, animated: pastePrompt == nil)
        if let pastePrompt { StandardError.write(pastePrompt, newline: false) }
        defer { indicator.finish() }
        return await withTaskGroup(of: Outcome<Answer>?.self) { group in
            group.addTask {
                do throws(RedirectListenerError) {
                    return .callback(try await listener.callback(timeout: timeout))
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                _ = await signals.wait()
                return .interrupted
            }
            let first = await group.next() ?? nil
            // Stopping frees the port at once and ends whichever task is still waiting.
            var keepsServing = false
            if case .callback = first { keepsServing = !stopsListener }
            if !keepsServing { listener.stop() }
            group.cancelAll()
            signals.cancel()
            return first ?? .interrupted
        }
    }
}
