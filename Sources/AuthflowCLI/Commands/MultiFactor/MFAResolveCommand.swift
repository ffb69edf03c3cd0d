import ArgumentParser
import AuthflowCore

/// `authflow mfa resolve [--factor F] [--code CODE]`: finish a sign-in that stopped at its second factor.
struct MFAResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        _superCommandName: "authflow",
        abstract: "Finish a sign-in that stopped at its second factor, SMS or TOTP (exit 5).",
        discussion: """
            A sign-in that needs a second factor and cannot ask for one saves the challenge (for 10 minutes, \
            or until Firebase stops accepting it). This texts the factor --factor names (its number in the \
            list, its name or ID; default: the one an unused SMS went to, else the only SMS factor, else a \
            menu on the terminal), proving the app as `phone sign-in` does, then takes the code from --code, \
            --code-command, the loopback page, the terminal or a line of standard input, and stores the \
            session with its second factor.

            An SMS sent in the last 5 minutes is used instead of texting again (unless --resend), so after \
            `mfa resolve` without a code, `mfa resolve --code CODE` finishes. A wrong code keeps everything for \
            another try.

            A TOTP factor (an authenticator app) is not texted: its code comes from --code, --code-command or \
            the terminal and is sent at once.

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow mfa resolve",
        "authflow mfa resolve --factor 2",
    ]

    @Option(help: ArgumentHelp("The second factor: its number in the list, its name or its ID.", valueName: "factor"))
    var factor: String?

    @OptionGroup var sms: SecondFactorSMSOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func run() async throws {
        var context = try CommandContext(options: project, verbose: output.verbose)
        context.useBrowserForAppCheck(browser, templates: .standard(explicit: wait.templates))
        let continuation = SecondFactorContinuation(context: context, browser: browser, wait: wait)
        let completed = try await SecondFactorResolution(continuation: continuation).resolveSaved(
            selector: factor,
            options: sms.options(continuation, label: PhoneSignInNotice.Label.secondFactorSignIn),
            json: format.json)
        SignInReport.signedIn(completed, purpose: .signIn, json: format.json)
    }
}
