import AuthflowListener
import AuthflowParsing

/// Recognises the hosted handler's answer to one identity-provider redirect attempt and reads it into an
/// ``IdPRedirectAnswer``: ``HostedHandlerCallback``'s match with `authType=signInWithRedirect`. Each
/// provider's flow says, through `failure`, what failed (in its own error's terms) when the answer is not a link.
enum IdPRedirectCallback {
    /// The listener check for the attempt `eventID` of `providerID` returning through `scheme`; `failure` reads
    /// an answer that holds no link as the flow's typed failure (nil when it holds one).
    static func check(
        eventID: String, scheme: CallbackScheme, providerID: String,
        failure: @escaping @Sendable (IdPRedirectAnswer) -> (any CallbackFailure)?
    ) -> CallbackCheck<IdPRedirectAnswer> {
        HostedHandlerCallback(
            authType: "signInWithRedirect", eventID: eventID, scheme: scheme, page: .signIn(providerID: providerID)
        )
        .check { parsed in
            let answer = IdPRedirectAnswer(parsed)
            return (answer, failure(answer))
        }
    }
}

/// The hosted handler's answer to one identity-provider redirect (Apple's or any OAuth provider's), read once from
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
