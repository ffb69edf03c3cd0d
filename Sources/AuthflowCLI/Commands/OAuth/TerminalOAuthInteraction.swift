import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The hosted OAuth route at a terminal: the handler page through ``HostedPageTerminal``, progress on
/// standard error.
final class TerminalOAuthInteraction: OAuthSignInInteraction {
    private let terminal: HostedPageTerminal

    init(browser: String?, noBrowser: Bool, timeout: Duration) {
        terminal = HostedPageTerminal(browser: browser, noBrowser: noBrowser, timeout: timeout)
    }

    func note(_ message: String) {
        StandardError.write("authflow: \(message)")
    }

    func present(
        _ url: String, provider: OAuthProvider, callbackScheme: String, listener: RedirectListener<IdPRedirectAnswer>
    ) async {
        terminal.present(
            url, purpose: localized("sign in with \(provider.id)"), callbackScheme: callbackScheme,
            page: localized("the \(provider.id) sign-in page"), listener: listener)
    }

    func waitForAnswer(
        from listener: RedirectListener<IdPRedirectAnswer>
    ) async throws(OAuthSignInError) -> IdPRedirectAnswer {
        switch await terminal.wait(for: listener, message: localized("Waiting for the provider's sign-in…"), stopsListener: true) {
        case .callback(let answer): return answer
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }
}
