import AuthflowListener

/// What the hosted OAuth route needs from the person, supplied by the front end (the CLI opens the browser
/// and reads pasted URLs); the flow decides everything else.
public protocol OAuthSignInInteraction: Sendable {
    /// Tells the person what is happening (one line).
    func note(_ message: String)

    /// Presents the hosted handler `page` for `provider` as the page says (opens a browser, prints it); its
    /// answer comes back through the page's callback scheme, and the front end may let the person paste that
    /// answer into `listener`.
    func present(_ page: BrowserPage, provider: OAuthProvider, listener: RedirectListener<IdPRedirectAnswer>) async

    /// Waits until `listener` accepts the page's answer and returns it, or fails (timeout, Ctrl-C).
    func waitForAnswer(
        from listener: RedirectListener<IdPRedirectAnswer>
    ) async throws(OAuthSignInError) -> IdPRedirectAnswer
}
