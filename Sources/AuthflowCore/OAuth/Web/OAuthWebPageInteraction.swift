import AuthflowListener

/// What the web route needs from the person, supplied by the front end (the CLI opens the browser and
/// waits with a countdown).
public protocol OAuthWebPageInteraction: Sendable {
    /// Presents the loopback `page` as it says (opens a browser, prints it); `listener` receives its answer.
    func present(_ page: BrowserPage, provider: OAuthProvider, listener: RedirectListener<WebSignInAnswer>) async

    /// Waits until `listener` accepts the page's answer and returns it, or fails (timeout, Ctrl-C).
    func waitForAnswer(
        from listener: RedirectListener<WebSignInAnswer>
    ) async throws(OAuthSignInError) -> WebSignInAnswer
}
