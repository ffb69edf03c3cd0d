import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The web OAuth route at a terminal: the loopback page through ``HostedPageTerminal`` (no custom scheme,
/// so nothing to paste), progress on standard error.
final class TerminalOAuthWebInteraction: OAuthWebPageInteraction {
    private let terminal: HostedPageTerminal

    init(timeout: Duration) {
        terminal = HostedPageTerminal(timeout: timeout)
    }

    func present(_ page: BrowserPage, provider: OAuthProvider, listener: RedirectListener<WebSignInAnswer>) async {
        terminal.present(
            page, purpose: localized("sign in with \(provider.id)"),
            name: localized("the \(provider.id) sign-in page"),
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
