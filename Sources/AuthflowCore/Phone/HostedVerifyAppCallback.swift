import AuthflowListener
import AuthflowParsing

/// Recognises the hosted reCAPTCHA page's answer among the URLs handed to the listener, and reads it.
///
/// It follows the iOS SDK's matcher: the URL must be `<scheme>://firebaseauth/link?deep_link_id=…`, and the
/// inner callback must have `authType=verifyApp` and this attempt's `eventId`; anything else is someone
/// else's and the wait goes on. A matching answer carries `recaptchaToken`, or else `firebaseError`.
public enum HostedVerifyAppCallback {
    /// The listener check for the attempt `eventID` returning through `scheme`.
    public static func check(eventID: String, scheme: CallbackScheme) -> CallbackCheck {
        CallbackCheck { callback in
            guard callback.route != .http else {
                return .rejected("The hosted reCAPTCHA page answers through the app's custom scheme "
                    + "(\(scheme.scheme)://firebaseauth/link?…), not at this address.")
            }
            guard let parts = URLParts(callback.url), parts.scheme == scheme.scheme, parts.host == "firebaseauth",
                  let parsed = AuthCallback(url: callback.url)
            else {
                return .rejected("That is not a Firebase callback (\(scheme.scheme)://firebaseauth/link?deep_link_id=…).")
            }
            guard parsed.authType == "verifyApp", let found = parsed.eventID, ConstantTime.equal(found, eventID) else {
                return .rejected("That callback belongs to another attempt (its eventId or authType does not match this one).")
            }
            switch reading(parsed) {
            case .success: return .accepted
            case .failure(let error): return .acceptedWithError(error.description)
            }
        }
    }

    /// The reCAPTCHA token in an accepted callback, or the error the page sent instead.
    public static func token(from callback: RedirectCallback) throws(PhoneSignInError) -> String {
        guard let parsed = AuthCallback(url: callback.url) else {
            throw .hostedPageUnknown(callbackURL: callback.url)
        }
        return try reading(parsed).get()
    }

    private static func reading(_ callback: AuthCallback) -> Result<String, PhoneSignInError> {
        if let token = callback.recaptchaToken, !token.isEmpty { return .success(token) }
        if let error = callback.error, error.kind != .incomplete, error.kind != .unparsable {
            return .failure(.hostedPage(error))
        }
        return .failure(.hostedPageUnknown(callbackURL: callback.callbackURL))
    }
}
