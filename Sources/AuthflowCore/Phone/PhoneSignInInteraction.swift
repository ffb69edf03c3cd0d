import AuthflowListener

/// What a phone sign-in (or an SMS second factor) needs from the person, supplied by the front end (the CLI
/// writes to the terminal and opens the browser); the flow itself decides everything else.
public protocol PhoneSignInInteraction: Sendable {
    /// Tells the person what is happening (one line).
    func note(_ message: String)

    /// Tells the person something the flow says as data, for a front end to word its own way; by default
    /// ``note(_:)`` with the notice's description.
    func notice(_ notice: PhoneSignInNotice)

    /// The words the loopback page shows for `error` (a ``PhoneSignInError`` or ``SecondFactorError``) when the
    /// flow stops; by default its description.
    func pageMessage(for error: any Error & CustomStringConvertible) -> String

    /// Shows the reCAPTCHA `page` to the person as the page says (opens the browser, prints the address). For
    /// the hosted page, whose answer comes back through the app's custom scheme, it may also let the person
    /// paste that URL into `listener` (`RedirectListener.submit(_:)`).
    func present<Answer: Sendable>(_ page: BrowserPage, listener: RedirectListener<Answer>) async

    /// Waits until `listener` accepts the page's answer and returns it (read once by the route's check), or
    /// fails (timeout, Ctrl-C). It must not stop the listener: the loopback page keeps being served by it.
    func waitForAnswer<Answer: Sendable>(
        from listener: RedirectListener<Answer>
    ) async throws(PhoneSignInError) -> Answer

    /// The interactive places the SMS code may come from besides the page (a terminal prompt, a line of
    /// standard input), raced against the page; empty when there are none.
    func codeSources(for sent: SentSMSCode) -> [PhoneCodeSource]
}

extension PhoneSignInInteraction {
    public func notice(_ notice: PhoneSignInNotice) {
        note(notice.description)
    }

    public func pageMessage(for error: any Error & CustomStringConvertible) -> String {
        error.description
    }
}
