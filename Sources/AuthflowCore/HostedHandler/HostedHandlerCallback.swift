import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives

/// Recognises a hosted handler page's answer among the URLs handed to a listener, as the iOS SDK's matcher
/// does: the URL must be `<scheme>://firebaseauth/link?deep_link_id=…`, and the inner callback must carry the
/// attempt's `authType` and `eventId`, each once; anything else belongs to someone else and the wait goes on.
///
/// The phone flow reads a reCAPTCHA token from the matching answer, the Apple flow an OAuth `link`; both
/// flows get the `firebaseError` the page may send instead. The callback is read once, here, into the flow's
/// typed answer.
struct HostedHandlerCallback: Sendable {
    /// `verifyApp` or `signInWithRedirect`.
    let authType: String
    /// The attempt's event ID.
    let eventID: String
    /// The app's custom scheme.
    let scheme: CallbackScheme
    /// Which page answers, for the rejections.
    let page: HostedHandlerPage

    /// The listener check; `answer` turns a matching callback into the flow's answer, with the flow's typed
    /// failure when that answer is the page's error.
    func check<Answer: Sendable>(
        answer: @escaping @Sendable (AuthCallback) -> (answer: Answer, failure: (any CallbackFailure)?)
    ) -> CallbackCheck<Answer> {
        CallbackCheck { [self] callback in
            switch match(callback) {
            case .failure(let mismatch):
                return .rejected(mismatch)
            case .success(let parsed):
                let made = answer(parsed)
                if let failure = made.failure { return .acceptedWithError(made.answer, failure: failure) }
                return .accepted(made.answer)
            }
        }
    }

    /// The parsed answer when `callback` is this attempt's, else why it is not.
    func match(_ callback: RedirectCallback) -> Result<AuthCallback, HostedHandlerRejection> {
        guard callback.route != .http else {
            return .failure(.notAtAddress(page: page, scheme: scheme.scheme))
        }
        guard let parts = callback.parts, parts.scheme == scheme.scheme, parts.host == "firebaseauth",
            let parsed = AuthCallback(url: callback.url, parts: parts, query: callback.query)
        else {
            return .failure(.notFirebaseCallback(scheme: scheme.scheme))
        }
        // Two values of the eventId (or of anything read with it) leave it open which the page meant: refused, as
        // a listener refuses a repeated state, whichever value comes first.
        if let name = parsed.repeatedParameter { return .failure(.repeatedParameter(name)) }
        guard parsed.authType == authType, let found = parsed.eventID, ConstantTime.equal(found, eventID) else {
            return .failure(.anotherAttempt)
        }
        return .success(parsed)
    }
}
