import AuthflowListener
import AuthflowParsing

/// Recognises the hosted reCAPTCHA page's answer among the URLs handed to the listener, and reads it into a
/// ``HostedVerifyAppAnswer``.
///
/// The match is ``HostedHandlerCallback``'s with `authType=verifyApp`. A matching answer carries
/// `recaptchaToken`, or else `firebaseError`.
public enum HostedVerifyAppCallback {
    /// The listener check for the attempt `eventID` returning through `scheme`; the listener's answer is the
    /// token or the page's error.
    public static func check(eventID: String, scheme: CallbackScheme) -> CallbackCheck<HostedVerifyAppAnswer> {
        HostedHandlerCallback(
            authType: "verifyApp", eventID: eventID, scheme: scheme, page: .recaptcha
        ).check { parsed in
            let token = reading(parsed)
            if case .failure(let error) = token { return (HostedVerifyAppAnswer(token: token), error) }
            return (HostedVerifyAppAnswer(token: token), nil)
        }
    }

    private static func reading(_ callback: AuthCallback) -> Result<String, PhoneSignInError> {
        if let token = callback.recaptchaToken, !token.isEmpty { return .success(token) }
        if let error = callback.error, error.kind != .incomplete, error.kind != .unparsable {
            return .failure(.hostedPage(error))
        }
        return .failure(.hostedPageUnknown(callbackURL: callback.callbackURL))
    }
}

/// The hosted reCAPTCHA page's answer to one attempt, read once from its callback by
/// ``HostedVerifyAppCallback``: the reCAPTCHA v2 token, or the error the page sent instead.
public struct HostedVerifyAppAnswer: Sendable {
    /// The token, or why there is none (the page's `firebaseError`, or an answer carrying neither).
    public let token: Result<String, PhoneSignInError>

    /// An answer carrying `token`.
    public init(token: Result<String, PhoneSignInError>) {
        self.token = token
    }
}
