import AuthflowCore
import AuthflowListener
import AuthflowLocalization
import Synchronization

/// A page shown at a terminal and waited for: progress on standard error, the page in the browser (or
/// printed), Ctrl-C while waiting. For a hosted Firebase page, whose answer comes back through the app's
/// custom scheme, it also checks the scheme is registered and reads pasted callback URLs when it is not or
/// when no browser was opened. The phone and Apple flows both use it.
final class HostedPageTerminal: Sendable {
    private let timeout: Duration
    // The signal watcher is made when the page is shown (so an early Ctrl-C is caught), used by the wait;
    // pasted lines are read during the wait only (they wait in standard input until then).
    private let waiting = Mutex<(signals: SignalWaiter?, pasting: Bool)>((nil, false))
    // When the page was presented: prompts before the wait count against the same time limit.
    private let started = Mutex<ContinuousClock.Instant?>(nil)

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Shows `page` as it says so the person can `purpose`. When it has a callback scheme, the answer returns
    /// through that scheme from the page (`name` in messages), and pasted URLs go to `listener` when the
    /// desktop cannot hand it over.
    func present<Answer: Sendable>(
        _ page: BrowserPage, purpose: String, name: String, listener: RedirectListener<Answer>
    ) {
        let callbackScheme = page.callbackScheme
        let signals = BrowserWait.catchInterrupts()
        let start = ContinuousClock.now
        started.withLock { $0 = start }
        var takesPastes = false
        // Under --no-browser the page opens on another machine, where a desktop handler here cannot help.
        if let callbackScheme, case .openBrowser = page.presentation {
            takesPastes = !CallbackSchemeAdvice.ensureRegistered(
                callbackScheme, page: name, signals: signals, deadline: start + timeout)
        }
        if signals.received != nil {
            waiting.withLock { $0 = (signals, false) }
            return
        }
        let shown = BrowserOpening.show(page.url, purpose: purpose, presentation: page.presentation)
        if let callbackScheme, shown == .printedOnly || takesPastes {
            StandardError.write(PasteBackWording.advice(scheme: callbackScheme))
            waiting.withLock { $0 = (signals, true) }
        } else {
            waiting.withLock { $0 = (signals, false) }
        }
    }

    /// Waits for `listener`'s answer with `message` on the countdown line.
    func wait<Answer: Sendable>(
        for listener: RedirectListener<Answer>, message: String, stopsListener: Bool
    ) async -> BrowserWait.Outcome<Answer> {
        let (signals, pasting) = waiting.withLock { ($0.signals, $0.pasting) }
        let start = started.withLock { $0 } ?? .now
        let outcome = await BrowserWait.run(
            listener: listener, signals: signals ?? BrowserWait.catchInterrupts(), limit: timeout,
            deadline: start + timeout, message: message, stopsListener: stopsListener,
            pasting: pasting ? .init(prompt: PasteBackWording.prompt, inputEnded: PasteBackWording.inputEnded) : nil)
        waiting.withLock { $0 = (nil, false) }
        return outcome
    }
}
