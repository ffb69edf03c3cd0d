import AuthflowListener
import AuthflowParsing

/// Recognises the hosted handler's answer to one identity-provider redirect attempt and reads it into an
/// ``IdPRedirectAnswer``: ``HostedHandlerCallback``'s match with `authType=signInWithRedirect`. Each
/// provider's flow says, through `failure`, what the browser is told when the answer is not a link.
enum IdPRedirectCallback {
    /// The listener check for the attempt `eventID` of `providerID` returning through `scheme`; `failure` words
    /// an answer that holds no link (nil when it does).
    static func check(
        eventID: String, scheme: CallbackScheme, providerID: String,
        failure: @escaping @Sendable (IdPRedirectAnswer) -> String?
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
