import AuthflowCore
import AuthflowListener
import Synchronization

/// The phone flow at a terminal: progress on standard error, pages in the browser (or printed), pasted
/// callback URLs and the SMS code from standard input, Ctrl-C while waiting for the browser.
final class TerminalPhoneInteraction: PhoneSignInInteraction {
    private let browser: String?
    private let noBrowser: Bool
    private let timeout: Duration
    private let readsStandardInput: Bool
    // The signal watcher is made when the page is shown (so an early Ctrl-C is caught), used by the wait;
    // the paste reader runs during the wait only.
    private let waiting = Mutex<(signals: SignalWaiter?, pastes: Task<Void, Never>?)>((nil, nil))

    /// `readsStandardInput` lets a line of piped standard input be the code when there is no terminal (off
    /// where the input already served the first factor).
    init(browser: String?, noBrowser: Bool, timeout: Duration, readsStandardInput: Bool = true) {
        self.browser = browser
        self.noBrowser = noBrowser
        self.timeout = timeout
        self.readsStandardInput = readsStandardInput
    }

    func note(_ message: String) {
        StandardError.write("authflow: \(message)")
    }

    func present(_ page: PhoneBrowserPage, listener: RedirectListener) async {
        let signals = BrowserWait.catchInterrupts()
        var takesPastes = false
        if page.verifier == .hosted, let scheme = page.callbackScheme {
            takesPastes = !CallbackSchemeAdvice.ensureRegistered(scheme)
        }
        let shown = BrowserOpening.show(
            page.url, purpose: "show that you are not a robot", browser: browser, noBrowser: noBrowser)
        if page.verifier == .hosted, shown == .printedOnly || takesPastes {
            if !takesPastes, let scheme = page.callbackScheme {
                StandardError.write("authflow: after the check the browser goes to a \(scheme)://firebaseauth/link?… "
                    + "address (it may say nothing can open it); paste that address here.")
            }
            let pastes = Task { await Self.feedPastes(into: listener) }
            waiting.withLock { $0 = (signals, pastes) }
        } else {
            waiting.withLock { $0 = (signals, nil) }
        }
    }

    func waitForAnswer(from listener: RedirectListener) async throws(PhoneSignInError) -> RedirectCallback {
        let signals = waiting.withLock { $0.signals } ?? BrowserWait.catchInterrupts()
        let outcome = await BrowserWait.run(
            listener: listener, signals: signals, timeout: timeout, message: "Waiting for the reCAPTCHA…",
            stopsListener: false)
        waiting.withLock { state in
            state.pastes?.cancel()
            state = (nil, nil)
        }
        switch outcome {
        case .callback(let callback): return callback
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }

    func codeSources(for sent: SentSMSCode) -> [PhoneCodeSource] {
        if Terminal.isInteractive {
            return [PhoneCodeSource(.terminal) {
                StandardError.write("Enter the code sent to \(sent.recipient): ", newline: false)
                let line = await InputLines.standardInput.next()
                // The page answered first: end the prompt's line so later output starts on its own.
                if Task.isCancelled { StandardError.write("") }
                return line
            }]
        }
        guard readsStandardInput else { return [] }
        return [PhoneCodeSource(.standardInput) { await InputLines.standardInput.next() }]
    }

    /// Offers each pasted line to the listener until one is taken, saying why others were not.
    private static func feedPastes(into listener: RedirectListener) async {
        while let line = await InputLines.standardInput.next() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            switch listener.submit(text) {
            case .accepted, .acceptedWithError: return
            case .rejected(let reason): StandardError.write("authflow: not accepted: \(reason) Paste another URL.")
            }
        }
    }
}
