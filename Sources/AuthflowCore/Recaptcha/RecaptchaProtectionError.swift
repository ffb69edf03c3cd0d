import AuthflowIdentityToolkit
import AuthflowListener

/// Why no reCAPTCHA Enterprise token could be attached to a call the project protects.
public enum RecaptchaProtectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The project protects `action` (`enforcement`, or the server asked with `MISSING_RECAPTCHA_TOKEN`) and
    /// no token source was given: neither a browser page nor a token command.
    case tokenNeeded(action: RecaptchaAction, enforcement: RecaptchaEnforcementState)
    /// The project protects `action` but `recaptchaConfig` named no usable site key to get a token for.
    case noSiteKey(action: RecaptchaAction)
    /// Firebase refused the reCAPTCHA Enterprise fields of the call for `action` (a code among
    /// ``PhoneSignInError/enterpriseFieldCodes``, e.g. `MISSING_RECAPTCHA_TOKEN` after the retry with a token,
    /// or `INVALID_RECAPTCHA_TOKEN`): the email/password provider's protection, not the phone provider's.
    case refused(action: RecaptchaAction, code: ServerErrorCode)
    /// The token command failed.
    case tokenCommand(RecaptchaTokenProgramFailure)
    /// The browser page reported a failure instead of a token.
    case page(RecaptchaPageFailure)
    /// The page could not be served (its template is missing or broken).
    case pageUnavailable(TemplateError)
    /// The browser wait failed: listener not started, timed out.
    case browser(RedirectListenerError)
    /// Ctrl-C while waiting for the page.
    case interrupted

    public var description: String {
        switch self {
        case .tokenNeeded(let action, let enforcement):
            "The project requires a reCAPTCHA Enterprise token for \(action.rawValue) (\(enforcement.rawValue)) "
                + "and no way to get one was given."
        case .noSiteKey(let action):
            "The project protects \(action.rawValue) with reCAPTCHA Enterprise but its recaptchaConfig names no "
                + "site key."
        case .refused(let action, let code):
            "Firebase refused the reCAPTCHA Enterprise fields of \(action.rawValue) (\(code.rawValue)) under the "
                + "project's email/password reCAPTCHA protection."
        case .tokenCommand(let failure): failure.description
        case .page(let failure): failure.description
        case .pageUnavailable(let error): "The reCAPTCHA page could not be served: \(error)"
        case .browser(let error): error.description
        case .interrupted: "Interrupted while waiting for the reCAPTCHA page."
        }
    }
}

/// The flow's pages report their failures as this error (the listener shows them on its "sign-in failed" page),
/// so a front end words them as it words the error itself.
extension RecaptchaProtectionError: CallbackFailure {
    /// The token page signs nobody in (it gets a token for a request or for App Check).
    public var pageTitle: String { "No reCAPTCHA token" }
}
