import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// How a sign-in command continues when the account also needs an SMS second factor: which factor, and where
/// its code comes from. Without them a terminal is asked; with no terminal the challenge is saved for
/// `authflow mfa resolve` and the command exits 5.
struct SecondFactorOptions: ParsableArguments {
    @Option(
        name: .customLong("factor"),
        help: ArgumentHelp(
            "The second factor to use if the account needs one: its number in the list, its name or its ID.",
            valueName: "factor"))
    var factor: String?

    @Option(
        name: .customLong("mfa-code"),
        help: ArgumentHelp(
            "The second factor's code: the authenticator app's (TOTP), or an SMS code you already have (fictional "
                + "test numbers).", valueName: "code"))
    var code: String?

    @Option(
        name: .customLong("mfa-code-command"),
        help: ArgumentHelp(
            "Run this shell command once the second factor's SMS is sent (at once for a TOTP factor); its first "
                + "line is the code.",
            valueName: "command"))
    var codeCommand: String?

    @Option(
        name: .customLong("mfa-verifier"),
        help: ArgumentHelp(
            "How to prove the app before the second factor's SMS: hosted, loopback or none.", valueName: "route"))
    var verifier: VerifierArgument?

    func validate() throws {
        if let factor, factor.isBlank {
            throw ValidationError(localized("--factor must not be empty."))
        }
        if let code, code.isBlank {
            throw ValidationError(localized("--mfa-code must not be empty."))
        }
        if let codeCommand, codeCommand.isBlank {
            throw ValidationError(localized("--mfa-code-command must not be empty."))
        }
        if code != nil, codeCommand != nil {
            throw ValidationError(
                localized(
                    "Pass --mfa-code or --mfa-code-command, not both."))
        }
    }
}

/// Everything a sign-in command hands over for a second factor: its context, the choices above, and the
/// browser and wait settings the command has (defaults for commands without them, and for the desktop's
/// `handle-url`, which has no options at all).
struct SecondFactorContinuation {
    let context: CommandContext
    var factor: String?
    var code: String?
    var codeCommand: String?
    var verifier: VerifierArgument?
    var presentation: BrowserPresentation = .openBrowser(command: nil)
    var timeout: Duration = .seconds(300)
    var port: UInt16 = 0
    var templates: String?
    /// The command's `--recaptcha-token-command`, for the hosted route's Enterprise token under AUDIT.
    var recaptchaTokenCommand: RecaptchaTokenCommandOption?

    init(
        context: CommandContext, options: SecondFactorOptions? = nil, browser: BrowserOptions? = nil,
        wait: WaitOptions? = nil, recaptchaTokenCommand: RecaptchaTokenCommandOption? = nil
    ) {
        self.context = context
        self.recaptchaTokenCommand = recaptchaTokenCommand
        factor = options?.factor
        code = options?.code
        codeCommand = options?.codeCommand
        verifier = options?.verifier
        if let browser { presentation = browser.presentation }
        if let wait {
            timeout = wait.duration
            port = wait.port.value
            templates = wait.templates
        }
    }

    /// Whether a code can be had without a terminal.
    var hasCodeSource: Bool { code != nil || codeCommand != nil }

    /// The phone flow's options for the second factor's SMS; `label` names the command.
    func smsOptions(
        code: String?, codeCommand: String?, verifier: VerifierArgument?, resend: Bool = false,
        label: String = PhoneSignInNotice.Label.secondFactorSignIn
    ) -> PhoneSignIn.Options {
        PhoneSignIn.Options(
            verifier: verifier?.verifier, resend: resend, code: code,
            codeCommand: codeCommand.map { CodeProgram($0, timeout: timeout) },
            round: BrowserRoundOptions(
                timeout: timeout, port: port, templates: .standard(explicit: templates),
                rendezvous: RendezvousChoice.directory, label: label, presentation: presentation),
            recaptchaTokens: recaptchaTokenCommand?.program(timeout: timeout))
    }

    /// The terminal interaction; `readsStandardInput` lets a piped line be the code when there is no terminal.
    func interaction(readsStandardInput: Bool) -> TerminalPhoneInteraction {
        TerminalPhoneInteraction(timeout: timeout, readsStandardInput: readsStandardInput)
    }
}
