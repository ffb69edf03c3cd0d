import AuthflowListener
import AuthflowParsing

/// Recognises the hosted reCAPTCHA page's answer among the URLs handed to the listener, and reads it.
///
/// The match is ``HostedHandlerCallback``'s with `authType=verifyApp`. A matching answer carries
/// `recaptchaToken`, or else `firebaseError`.
public enum HostedVerifyAppCallback {
    /// The listener check for the attempt `eventID` returning through `scheme`.
    public static func check(eventID: String, scheme: CallbackScheme) -> CallbackCheck {
        HostedHandlerCallback(authType: "verifyApp", eventID: eventID, scheme: scheme, pageName: "The hosted reCAPTCHA page")
            .check { parsed in
                if case .failure(let error) = reading(parsed) { return error.description }
                return nil
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
