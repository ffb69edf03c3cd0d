import AuthflowCore
import AuthflowLocalization

/// reCAPTCHA Enterprise protection failures with the CLI's flags.
extension RecaptchaProtectionError {
    var cliMessage: String {
        switch self {
        case .tokenNeeded(let action, _):
            localized(
                "This project requires a reCAPTCHA Enterprise token for \(action.rawValue) (Authentication → "
                    + "Settings → reCAPTCHA: email/password protection), and there is no way to get one here: no "
                    + "terminal to show the reCAPTCHA page from and no --recaptcha-token-command. Run the command at "
                    + "a terminal (a page in your browser gets the token), pass --browser to open that page with a "
                    + "given browser, or pass --recaptcha-token-command CMD, a command that prints a token for the "
                    + "action in $AUTHFLOW_RECAPTCHA_ACTION and the site key in $AUTHFLOW_RECAPTCHA_SITE_KEY. "
                    + "Firebase accepted nothing.")
        case .noSiteKey(let action):
            localized(
                "The project protects \(action.rawValue) with reCAPTCHA Enterprise, but its reCAPTCHA configuration "
                    + "names no site key to get a token for. Check Authentication → Settings → reCAPTCHA in the "
                    + "Firebase console (a key must be set up for web), then run the command again.")
        case .tokenCommand(let failure):
            failure.description + " Check --recaptcha-token-command."
        case .page, .pageUnavailable, .browser, .interrupted:
            description
        }
    }
}
