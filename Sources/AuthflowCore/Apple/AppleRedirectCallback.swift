import AuthflowListener
import AuthflowParsing

/// Recognises the hosted handler's answer to one Apple attempt and reads the OAuth response `link` from it.
///
/// The match is ``HostedHandlerCallback``'s with `authType=signInWithRedirect`. A matching answer carries
/// `link` (which becomes `signInWithIdp`'s `requestUri`), or else `firebaseError`; for OAuth the iOS SDK
/// reads an error without a code or message as "missing code" / "missing message" rather than ignoring it.
public enum AppleRedirectCallback {
    /// The listener check for the attempt `eventID` returning through `scheme`.
    public static func check(eventID: String, scheme: CallbackScheme) -> CallbackCheck {
        HostedHandlerCallback(
            authType: "signInWithRedirect", eventID: eventID, scheme: scheme, pageName: "The Sign in with Apple page"
        ).check { parsed in
            if case .failure(let error) = reading(parsed) { return error.description }
            return nil
        }
    }

    /// The OAuth response URL in an accepted callback, or the error the page sent instead.
    public static func link(from callback: RedirectCallback) throws(AppleSignInError) -> String {
        guard let parsed = AuthCallback(url: callback.url) else {
            throw .pageUnknown(callbackURL: callback.url)
        }
        return try reading(parsed).get()
    }

    private static func reading(_ callback: AuthCallback) -> Result<String, AppleSignInError> {
        if let link = callback.link, !link.isEmpty { return .success(link) }
        if let error = callback.error { return .failure(.page(error)) }
        return .failure(.pageUnknown(callbackURL: callback.callbackURL))
    }
}
