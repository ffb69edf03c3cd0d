import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The reCAPTCHA Enterprise token page at a terminal: through ``HostedPageTerminal`` (browser, Ctrl-C,
/// countdown) for a call the project protects; for App Check's token, shown in passing by another command, the
/// page opens (or is printed) and the answer is waited for quietly.
final class TerminalRecaptchaInteraction: RecaptchaPageInteraction {
    private let terminal: HostedPageTerminal
    private let timeout: Duration
    private let forAppCheck: Bool

    /// `forAppCheck` words the page as App Check's and waits without a countdown.
    init(timeout: Duration, forAppCheck: Bool = false) {
        terminal = HostedPageTerminal(timeout: timeout)
        self.timeout = timeout
        self.forAppCheck = forAppCheck
    }

    func present(
        _ page: BrowserPage, for request: RecaptchaTokenRequest,
        listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async {
        if forAppCheck {
            _ = BrowserOpening.show(
                page.url, purpose: localized("get an App Check token"), presentation: page.presentation)
            return
        }
        StandardError.write(
            localized(
                "authflow: the project protects \(request.action.rawValue) with reCAPTCHA Enterprise; "
                    + "a page gets the token."))
        terminal.present(
            page, purpose: localized("get a reCAPTCHA Enterprise token"), name: localized("the reCAPTCHA page"),
            listener: listener)
    }

    func waitForAnswer(
        from listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async throws(RecaptchaProtectionError) -> LoopbackRecaptchaTokenPage.Answer {
        if forAppCheck {
            do {
                return try await listener.callback(timeout: timeout)
            } catch {
                throw .browser(error)
            }
        }
        switch await terminal.wait(
            for: listener,
            message: localized(
                "Waiting for the reCAPTCHA page…"), stopsListener: false)
        {
        case .callback(let answer): return answer
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }
}
