import ArgumentParser
import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// Where reCAPTCHA Enterprise tokens come from when the project protects email/password calls with it:
/// a command that prints one, else the loopback page in a browser when there is someone to see it.
struct RecaptchaOptions: ParsableArguments {
    @OptionGroup
    var command: RecaptchaTokenCommandOption

    @OptionGroup
    var standIn: RecaptchaStandInOption

    /// The token source: the command when given; else the page, when a terminal or an explicit --browser
    /// can show it; else none (a project that requires a token then stops with what to do).
    func tokenSource(
        context: CommandContext, browser: BrowserOptions, wait: WaitOptions
    ) throws(CommandFailure) -> (any RecaptchaTokenSource)? {
        let script = try standIn.script(context: context)
        if let program = command.program(timeout: wait.duration) { return program }
        guard Terminal.isInteractive || browser.browser != nil else { return nil }
        return RecaptchaBrowserTokenSource(
            interaction: TerminalRecaptchaInteraction(timeout: wait.duration), script: script,
            languageCode: context.configuration.firebaseLanguageCode,
            round: BrowserRoundOptions(
                timeout: wait.duration, port: wait.port.value, templates: .standard(explicit: wait.templates),
                presentation: browser.presentation))
    }
}

/// `--recaptcha-token-command`: a command that prints a reCAPTCHA Enterprise token, for the email/password calls
/// a project protects and for the hosted phone route's first try under AUDIT.
struct RecaptchaTokenCommandOption: ParsableArguments {
    @Option(
        name: .customLong("recaptcha-token-command"),
        help: ArgumentHelp(
            "When the project audits or enforces reCAPTCHA Enterprise, run this shell command and use the first "
                + "line it prints as the token ($AUTHFLOW_RECAPTCHA_ACTION and $AUTHFLOW_RECAPTCHA_SITE_KEY are set).",
            valueName: "command"))
    var tokenCommand: String?

    func validate() throws {
        if let tokenCommand, tokenCommand.isBlank {
            throw ValidationError(localized("--recaptcha-token-command must not be empty."))
        }
    }

    /// The command as a token source that may run for `timeout`, when one was given.
    func program(timeout: Duration) -> RecaptchaTokenProgram? {
        tokenCommand.map { RecaptchaTokenProgram($0, timeout: timeout) }
    }
}

/// `--recaptcha-stand-in`: the embedded backend's stand-in reCAPTCHA Enterprise script instead of Google's, for
/// every page that gets a reCAPTCHA Enterprise token (tests and the demo only; needs an emulator).
struct RecaptchaStandInOption: ParsableArguments {
    @Flag(name: .customLong("recaptcha-stand-in"), help: .hidden)
    var isOn = false

    /// Google's script, or the emulator's stand-in when asked for.
    func script(context: CommandContext) throws(CommandFailure) -> RecaptchaScript {
        guard isOn else { return .google }
        guard let host = context.configuration.emulatorHost else {
            throw CommandFailure(
                localized(
                    "--recaptcha-stand-in loads the embedded backend's stand-in script and needs an emulator "
                        + "(--emulator HOST:PORT or FIREBASE_AUTH_EMULATOR_HOST)."),
                status: .usage)
        }
        return .standIn(origin: "http://\(host)")
    }
}
