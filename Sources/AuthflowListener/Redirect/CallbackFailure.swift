/// What went wrong, as a callback that answers the waiting flow reports it (an OAuth `error`, a page's
/// `firebaseError` or error code): a typed failure the check that read it defines, which a front end words in its
/// own language. The listener knows nothing of what the failure means; it shows it on the browser's "sign-in
/// failed" page (through ``CallbackPageWording``) and hands it to the caller of ``RedirectListener/submit(_:)``.
///
/// A failure never crosses the handoff: a handed-over callback that reports one ends the wait like any accepted
/// callback (the listener answers 204), no page is shown for it, and the waiting flow reports the failure in its
/// own terminal, in its own language.
///
/// `description` is the failure in English, for logs and embedders.
public protocol CallbackFailure: Sendable, CustomStringConvertible {
    /// The failure page's title in English (translated through ``CallbackPageWording`` like every page title):
    /// "Sign-in failed" unless the page was not a sign-in.
    var pageTitle: String { get }
}

extension CallbackFailure {
    /// "Sign-in failed": most pages that report a failure are sign-ins.
    public var pageTitle: String { "Sign-in failed" }
}
