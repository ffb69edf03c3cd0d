import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The web OAuth route at a terminal: the loopback page through ``HostedPageTerminal`` (no custom scheme,
/// so nothing to paste), progress on standard error.
final class TerminalOAuthWebInteraction: OAuthWebPageInteraction {
    private let terminal: HostedPageTerminal

    init(browser: String?, noBrowser: Bool, timeout: Duration) {
        terminal = HostedPageTerminal(browser: browser, noBrowser: noBrowser, timeout: timeout)
    }

    func present(_ url: String, provider: OAuthProvider, listener: RedirectListener<WebSignInAnswer>) async {
        terminal.present(
            url, purpose: localized("sign in with \(provider.id)"), callbackScheme: nil,
            page: localized("the \(provider.id) sign-in page"),
            listener: listener)
    }

    func waitForAnswer(
        from listener: RedirectListener<WebSignInAnswer>
    ) async throws(OAuthSignInError) -> WebSignInAnswer {
        switch await terminal.wait(
            for: listener, message: localized("Waiting for the sign-in page…"), stopsListener: true)
        {
        case .callback(let answer): return answer
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }
}
