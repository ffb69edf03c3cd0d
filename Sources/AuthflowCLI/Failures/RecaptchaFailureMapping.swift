import AuthflowCore

extension CommandFailure {
    /// No reCAPTCHA Enterprise token for a protected call: no source, no site key or a failing command is a
    /// configuration matter (2); a page whose script did not load, 3; a page refusing, 1; the listener's own
    /// failures as for every browser wait (a busy `--port` 2, no answer in time 4, Ctrl-C 130).
    static func from(_ error: RecaptchaProtectionError) -> CommandFailure {
        switch error {
        case .tokenNeeded, .noSiteKey, .tokenCommand, .pageUnavailable:
            CommandFailure(error.cliMessage, status: .usage)
        case .page(let failure):
            CommandFailure(error.cliMessage, status: failure.isLoadFailure ? .unavailable : .refused)
        case .interrupted:
            CommandFailure(error.cliMessage, status: .interrupted)
        case .browser(let wait):
            from(wait, message: error.cliMessage)
        }
    }
}
