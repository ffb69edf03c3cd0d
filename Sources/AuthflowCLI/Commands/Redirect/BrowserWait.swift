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

    /// How a paste is asked for while waiting: the prompt, and what to say if standard input ends first.
    struct Pasting: Sendable {
        let prompt: String
        let inputEnded: String?
    }

    /// Waits for `listener`'s callback until `deadline`; a timeout is reported as the whole `limit` the command
    /// was given, however much of it went before the wait. With `stopsListener` false the listener keeps
    /// serving afterwards (the phone flow's loopback page still needs it); a wait that ends otherwise always
    /// stops it. With `pasting`, lines of standard input are offered to the listener meanwhile, under a prompt
    /// that the countdown never redraws (``WaitIndicator``).
    static func run<Answer: Sendable>(
        listener: RedirectListener<Answer>, signals: SignalWaiter, limit: Duration,
        deadline: ContinuousClock.Instant, message: String, stopsListener: Bool = true, pasting: Pasting? = nil
    ) async -> Outcome<Answer> {
        let indicator = WaitIndicator(message: message, deadline: deadline, prompt: pasting?.prompt)
        let pastes = pasting.map { pasting in
            Task {
                // Cancelled when the wait ended; otherwise standard input is over and only the browser is left.
                if await !PastedLines.feed(into: listener, prompting: indicator), !Task.isCancelled,
                    let inputEnded = pasting.inputEnded
                {
                    StandardError.write(inputEnded)
                }
            }
        }
        defer {
            pastes?.cancel()
            indicator.finish()
        }
        let timeout = max(.zero, deadline - .now)
        let outcome = await wait(for: listener, signals: signals, timeout: timeout, stopsListener: stopsListener)
        if case .failed(.timedOut) = outcome { return .failed(.timedOut(limit)) }
        return outcome
    }

    private static func wait<Answer: Sendable>(
        for listener: RedirectListener<Answer>, signals: SignalWaiter, timeout: Duration, stopsListener: Bool
    ) async -> Outcome<Answer> {
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
