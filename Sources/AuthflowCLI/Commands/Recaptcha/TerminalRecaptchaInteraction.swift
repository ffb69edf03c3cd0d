import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The reCAPTCHA Enterprise token page at a terminal, through ``HostedPageTerminal`` (browser, Ctrl-C,
/// countdown).
final class TerminalRecaptchaInteraction: RecaptchaPageInteraction {
    private let terminal: HostedPageTerminal

    init(browser: String?, noBrowser: Bool, timeout: Duration) {
        terminal = HostedPageTerminal(browser: browser, noBrowser: noBrowser, timeout: timeout)
    }

    func present(
        url: String, for request: RecaptchaTokenRequest, listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async {
        StandardError.write(
            localized(
                "authflow: the project protects \(request.action.rawValue) with reCAPTCHA Enterprise; "
                    + "a page gets the token."))
        terminal.present(
            url, purpose: localized("get a reCAPTCHA Enterprise token"), callbackScheme: nil,
            page: localized("the reCAPTCHA page"),
            listener: listener)
    }

    func waitForAnswer(
        from listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async throws(RecaptchaProtectionError) -> LoopbackRecaptchaTokenPage.Answer {
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
