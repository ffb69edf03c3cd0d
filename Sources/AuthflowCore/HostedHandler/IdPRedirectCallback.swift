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
