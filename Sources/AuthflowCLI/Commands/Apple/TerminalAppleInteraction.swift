import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The hosted Apple route at a terminal: the handler page through ``HostedPageTerminal``, progress on
/// standard error.
final class TerminalAppleInteraction: AppleSignInInteraction {
    private let terminal: HostedPageTerminal

    init(browser: String?, noBrowser: Bool, timeout: Duration) {
        terminal = HostedPageTerminal(browser: browser, noBrowser: noBrowser, timeout: timeout)
    }

    func note(_ message: String) {
        StandardError.write("authflow: \(message)")
    }

    func present(_ url: String, callbackScheme: String, listener: RedirectListener<IdPRedirectAnswer>) async {
        terminal.present(
            url, purpose: localized("sign in with Apple"), callbackScheme: callbackScheme,
            page: localized("the Sign in with Apple page"),
            listener: listener)
    }

    func waitForAnswer(
        from listener: RedirectListener<IdPRedirectAnswer>
    ) async throws(AppleSignInError) -> IdPRedirectAnswer {
        switch await terminal.wait(for: listener, message: localized("Waiting for Sign in with Apple…"), stopsListener: true) {
        case .callback(let answer): return answer
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }
}
