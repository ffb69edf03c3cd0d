import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// The hosted route at a terminal, for every provider (`authflow apple sign-in` included, in Sign in with
/// Apple's words): the handler page through ``HostedPageTerminal``, progress on standard error.
final class TerminalOAuthInteraction: OAuthSignInInteraction {
    private let terminal: HostedPageTerminal
    private let waiting: String

    init(timeout: Duration, signInWithApple: Bool = false) {
        terminal = HostedPageTerminal(timeout: timeout)
        waiting =
            signInWithApple
            ? localized("Waiting for Sign in with Apple…") : localized("Waiting for the provider's sign-in…")
    }

    func note(_ message: String) {
        StandardError.write("authflow: \(message)")
    }

    func present(_ page: BrowserPage, provider: OAuthProvider, listener: RedirectListener<IdPRedirectAnswer>) async {
        let apple = provider.family == .apple
        terminal.present(
            page, purpose: apple ? localized("sign in with Apple") : localized("sign in with \(provider.id)"),
            name: apple ? localized("the Sign in with Apple page") : localized("the \(provider.id) sign-in page"),
            listener: listener)
    }

    func waitForAnswer(
        from listener: RedirectListener<IdPRedirectAnswer>
    ) async throws(OAuthSignInError) -> IdPRedirectAnswer {
        switch await terminal.wait(for: listener, message: waiting, stopsListener: true) {
        case .callback(let answer): return answer
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }
}
