import ArgumentParser
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowLocalization

/// `authflow email-link send EMAIL --continue-url URL`: email a sign-in link and remember the address.
struct EmailLinkSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        _superCommandName: "authflow",
        abstract: "Email a sign-in link, and remember the address on this machine for completing it.",
        discussion: """
            Sends sendOobCode with requestType EMAIL_SIGNIN and canHandleCodeInApp. The continue URL must be on \
            one of the project's authorized domains. --ios-bundle-id (the flag only, not a configuration file) \
            and the Android options say which app may open the link; --lang sets the email's language.

            A project that protects email sign-in with reCAPTCHA Enterprise needs a token: at a terminal (or \
            with --browser) a page in the browser gets it; --recaptcha-token-command runs a command that \
            prints one.

            The address is remembered per project (and tenant) in the state directory, so `authflow \
            email-link complete` on this machine does not ask for it; sending again replaces it.

            \(HelpEnding.text(statuses: AuthflowExitCode.online + [.browserTimeout, .interrupted], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow email-link send ada@example.com --continue-url https://example.com",
        "authflow email-link send \"$EMAIL\" --continue-url \"$APP_URL\" --json",
    ]

    @Argument(help: ArgumentHelp("The address to send the link to.", valueName: "email"))
    var email: String

    @Option(
        name: .customLong("continue-url"),
        help: ArgumentHelp("Where the link leads after sign-in; its domain must be authorized.", valueName: "url"))
    var continueURL: String

    @Option(
        name: .customLong("link-domain"),
        help: ArgumentHelp(
            "A custom Firebase Hosting domain for the link (not *.web.app or *.firebaseapp.com).", valueName: "domain"))
    var linkDomain: String?

    @Flag(name: .customLong("android-install"), help: "Offer to install the Android app when it is missing.")
    var androidInstall = false

    @Option(
        name: .customLong("android-min-version"),
        help: ArgumentHelp("The minimum Android app version that may open the link.", valueName: "version"))
    var androidMinVersion: String?

    @OptionGroup(title: "reCAPTCHA Enterprise")
    var recaptcha: RecaptchaOptions

    @OptionGroup(title: "Browser")
    var browser: BrowserOptions

    @OptionGroup(title: "Waiting")
    var wait: WaitOptions

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func validate() throws {
        guard !email.isBlank else {
            throw ValidationError(localized("Pass the address to send the sign-in link to."))
        }
        guard !continueURL.isBlank else {
            throw ValidationError(
                localized(
                    "--continue-url must be an absolute URL on an authorized domain, e.g. "
                        + "https://app.example.com/finish."))
        }
        if project.androidPackage == nil, androidInstall || androidMinVersion != nil {
            throw ValidationError(localized("--android-install and --android-min-version need --android-package."))
        }
    }

    func run() async throws {
        // The address is the command's own argument: refused before any configuration is needed.
        try CommandFailure.checkEmailAddress(email)
        let context = try CommandContext(options: project, verbose: output.verbose)
        let sender = EmailLinkSender(
            try context.flowEnvironment(),
            recaptchaTokens: try recaptcha.tokenSource(context: context, browser: browser, wait: wait))
        let settings = ActionCodeSettings(
            continueUrl: continueURL.trimmingBlanks(), canHandleCodeInApp: true,
            linkDomain: linkDomain, iosBundleID: project.iosBundleID, androidPackageName: project.androidPackage,
            androidInstallApp: androidInstall ? true : nil, androidMinimumVersion: androidMinVersion)
        let pending: PendingEmailLink
        do {
            pending = try await sender.send(to: email, settings: settings)
        } catch {
            throw context.report(.from(error))
        }
        if format.json {
            let standardOutput = StandardOutput()
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("sent", .bool(true)), ("email", .string(pending.email)),
                    ("requestType", .string("EMAIL_SIGNIN")), ("projectId", .optional(context.configuration.projectID)),
                    ("pendingSaved", .bool(true)),
                ]))
            standardOutput.flush()
            return
        }
        StandardError.write(
            localized(
                "Sent a sign-in link to \(pending.email) for \(context.projectLabel). Open it on any device, then "
                    + "hand the link (or the saved email, with --eml) to `authflow email-link complete`; this "
                    + "machine remembers the address."))
    }
}
