import AuthflowParsing

/// The hosted handler's answer to one identity-provider redirect (Sign in with Apple today), read once from
/// its callback: the OAuth response to send on to `signInWithIdp`, or what the page sent instead. Each
/// provider's flow says what a failure means in its own terms.
public enum IdPRedirectAnswer: Sendable, Hashable {
    /// The OAuth response URL (the callback's `link`), `signInWithIdp`'s `requestUri`.
    case link(String)
    /// The page's `firebaseError`.
    case pageError(FirebaseCallbackError)
    /// Neither a link nor an error; `callbackURL` is the URL that held the parameters.
    case unknown(callbackURL: String)

    /// The answer a matching hosted handler callback carries.
    init(_ callback: AuthCallback) {
        if let link = callback.link, !link.isEmpty {
            self = .link(link)
        } else if let error = callback.error {
            self = .pageError(error)
        } else {
            self = .unknown(callbackURL: callback.callbackURL)
        }
    }
}
