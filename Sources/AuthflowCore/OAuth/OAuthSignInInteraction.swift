import AuthflowListener

/// What the hosted OAuth route needs from the person, supplied by the front end (the CLI opens the browser
/// and reads pasted URLs); the flow decides everything else.
public protocol OAuthSignInInteraction: Sendable {
    /// Tells the person what is happening (one line).
    func note(_ message: String)

    /// Opens (or prints) the hosted handler at `url` for `provider`, whose answer comes back through
    /// `callbackScheme`; the front end may let the person paste that answer into `listener`.
    func present(
        _ url: String, provider: OAuthProvider, callbackScheme: String, listener: RedirectListener<IdPRedirectAnswer>
    ) async

    /// Waits until `listener` accepts the page's answer and returns it, or fails (timeout, Ctrl-C).
    func waitForAnswer(
        from listener: RedirectListener<IdPRedirectAnswer>
    ) async throws(OAuthSignInError) -> IdPRedirectAnswer
}
