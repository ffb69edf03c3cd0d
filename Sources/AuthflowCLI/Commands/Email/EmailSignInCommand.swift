import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow email sign-in EMAIL`: sign in with a password, typed without echo or piped in.
struct EmailSignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        _superCommandName: "authflow",
        abstract: "Sign in with an email address and password.",
        discussion: """
            The password is asked for on the terminal without echo, or read from standard input with \
            --password-stdin (one trailing newline is dropped), never from the command line, where other \
            users could see it. An account with an SMS second factor continues into it: --factor, --mfa-code or \
            --mfa-code-command, or the terminal; without them and without a terminal it exits 5 with its factors \
            listed and the sign-in saved for `authflow mfa resolve`.

            A project that protects password sign-in with reCAPTCHA Enterprise needs a token: at a terminal \
            (or with --browser) a page in the browser gets it; --recaptcha-token-command runs a command that \
            prints one.

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow email sign-in ada@example.com",
        "authflow email sign-in ada@example.com --password-stdin --json",
    ]

    @Argument(help: ArgumentHelp("The account's email address.", valueName: "email"))
    var email: String

    @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
    var passwordStdin = false

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Second factor")
    var secondFactor: SecondFactorOptions

    @OptionGroup(title: "reCAPTCHA Enterprise")
    var recaptcha: RecaptchaOptions

    @OptionGroup(title: "Browser")
    var browser: BrowserOptions

    @OptionGroup(title: "Waiting")
    var wait: WaitOptions

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        try CommandFailure.checkEmailAddress(email)
        let context = try CommandContext(options: project, verbose: output.verbose)
        let password = try readPassword()
        let signIn = PasswordSignIn(
            try context.flowEnvironment(),
            recaptchaTokens: try recaptcha.tokenSource(context: context, browser: browser, wait: wait))
        let result: SignInResult
        do {
            result = try await signIn.signIn(email: email, password: password)
        } catch {
            throw context.report(.from(error))
        }
        try await SignInReport.finish(
            result, purpose: .signIn, json: format.json,
            secondFactor: SecondFactorContinuation(
                context: context, options: secondFactor, browser: browser, wait: wait,
                recaptchaTokenCommand: recaptcha.command))
    }

    /// Firebase takes passwords of at most 4096 characters; anything longer is refused here, unsent.
    static let maximumPasswordLength = 4096

    private func readPassword() throws(CommandFailure) -> String {
        if passwordStdin {
            let bytes: [UInt8]
            do {
                bytes = try InputReading.document(at: "-")
            } catch {
                throw CommandFailure(error.description, status: .usage)
            }
            var text = String(decoding: bytes, as: UTF8.self)
            // One line end, as `echo` or a file adds; "\r\n" is a single Character, so one removal takes it.
            if text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
            guard !text.isEmpty else {
                throw CommandFailure(localized("Standard input held no password."), status: .usage)
            }
            guard text.count <= Self.maximumPasswordLength else {
                throw CommandFailure(PasswordWording.tooLong(limit: Self.maximumPasswordLength), status: .usage)
            }
            return text
        }
        guard Terminal.isInteractive else {
            throw CommandFailure(
                localized("No terminal to ask for the password: pipe it in with --password-stdin."), status: .usage)
        }
        guard let password = Terminal.promptSecret(localized("Password for \(email): ")), !password.isEmpty else {
            throw CommandFailure(localized("No password was entered; nothing was sent."), status: .usage)
        }
        return password
    }
}
