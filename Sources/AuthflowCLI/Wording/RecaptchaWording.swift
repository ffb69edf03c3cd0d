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
        case .refused(let action, let code):
            localized(
                "Firebase refused the reCAPTCHA Enterprise fields of \(action.rawValue) (\(code.rawValue)). The project "
                    + "protects email/password calls with reCAPTCHA Enterprise (Authentication → Settings → reCAPTCHA: "
                    + "email/password protection) and did not accept what was sent. Get a fresh token and run the "
                    + "command again (a --recaptcha-token-command must print a token for the action in "
                    + "$AUTHFLOW_RECAPTCHA_ACTION with the site key in $AUTHFLOW_RECAPTCHA_SITE_KEY), or set "
                    + "email/password reCAPTCHA enforcement to AUDIT or OFF in the Firebase console. Firebase accepted "
                    + "nothing.")
        case .tokenCommand(let failure):
            failure.cliMessage + " " + localized("Check --recaptcha-token-command.")
        case .page(let failure):
            failure.cliMessage
        case .pageUnavailable(let error):
            localized("The reCAPTCHA page could not be served: \(error.cliMessage)")
        case .browser(let error):
            error.cliMessage
        case .interrupted:
            localized("Interrupted while waiting for the reCAPTCHA page.")
        }
    }
}

extension RecaptchaTokenProgramFailure {
    /// What went wrong with the reCAPTCHA token command, in the language in force.
    var cliMessage: String {
        let shown = "\"\(command)\""
        switch problem {
        case .notStarted(let reason):
            return localized("The reCAPTCHA token command \(shown) could not be started: \(reason.cliMessage).")
        case .stopped:
            return localized("The reCAPTCHA token command \(shown) was stopped.")
        case .timedOut(let limit):
            return localized(
                "The reCAPTCHA token command \(shown) printed no token within \(limit.components.seconds) seconds.")
        case .failed(.exited(let status)):
            return localized(
                "The reCAPTCHA token command \(shown) exited with status \(status); see its messages above. Nothing "
                    + "was sent.")
        case .failed(.signalled(let signal)):
            return localized(
                "The reCAPTCHA token command \(shown) was killed by signal \(signal); see its messages above. "
                    + "Nothing was sent.")
        case .printedNothing:
            return localized(
                "The reCAPTCHA token command \(shown) printed nothing on standard output; it must print the token.")
        }
    }
}
