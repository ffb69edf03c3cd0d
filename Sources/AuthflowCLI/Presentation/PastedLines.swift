import AuthflowListener
import AuthflowLocalization

/// Pasted callback URLs: each line of standard input is offered to a listener until one is taken, with a word on
/// why another was not. Lines come from the run's one ``InputLines`` queue, so a later prompt (the SMS code) still
/// gets what was typed after the URL. Used wherever a page's answer may be pasted: `listen --paste` and the hosted
/// pages, both through ``BrowserWait``.
enum PastedLines {
    /// Feeds pasted lines to `listener` until one is taken (true), or the input ends or the task is cancelled
    /// (false); after a refused line, `indicator` asks again.
    @discardableResult
    static func feed<Answer: Sendable>(
        into listener: RedirectListener<Answer>, prompting indicator: WaitIndicator
    ) async -> Bool {
        while let line = await InputLines.standardInput.next() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            switch listener.submit(text) {
            case .accepted, .acceptedWithError: return true
            case .rejected(let reason):
                StandardError.write(
                    localized(
                        "authflow: not accepted: \(CallbackRejectionWording.cliMessage(reason)) Paste another URL."))
            }
        }
        return false
    }
}
