import AuthflowListener
import AuthflowParsing

/// Recognises the hosted handler's answer to one Apple attempt and reads it into an ``IdPRedirectAnswer``.
///
/// The match is ``IdPRedirectCallback``'s (`authType=signInWithRedirect`). A matching answer carries
/// `link` (which becomes `signInWithIdp`'s `requestUri`), or else `firebaseError`; for OAuth the iOS SDK
/// reads an error without a code or message as "missing code" / "missing message" rather than ignoring it.
public enum AppleRedirectCallback {
    /// The listener check for the attempt `eventID` returning through `scheme`; the listener's answer is the
    /// page's link or error.
    public static func check(eventID: String, scheme: CallbackScheme) -> CallbackCheck<IdPRedirectAnswer> {
        IdPRedirectCallback.check(eventID: eventID, scheme: scheme, providerID: "apple.com") { answer in
            do throws(AppleSignInError) {
                _ = try link(from: answer)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The OAuth response URL in an answer, or the page's error in this flow's terms.
    public static func link(from answer: IdPRedirectAnswer) throws(AppleSignInError) -> String {
        switch answer {
        case .link(let link): return link
        case .pageError(let error): throw .page(error)
        case .unknown(let callbackURL): throw .pageUnknown(callbackURL: callbackURL)
        }
    }
}
