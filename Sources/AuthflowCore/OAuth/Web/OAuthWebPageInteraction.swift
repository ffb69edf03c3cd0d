import AuthflowListener

/// What the web route needs from the person, supplied by the front end (the CLI opens the browser and
/// waits with a countdown).
public protocol OAuthWebPageInteraction: Sendable {
    /// Opens (or prints) the loopback page at `url`, whose answer `listener` receives.
    func present(_ url: String, provider: OAuthProvider, listener: RedirectListener<WebSignInAnswer>) async

    /// Waits until `listener` accepts the page's answer and returns it, or fails (timeout, Ctrl-C).
    func waitForAnswer(
        from listener: RedirectListener<WebSignInAnswer>
    ) async throws(OAuthSignInError) -> WebSignInAnswer
}
