import ArgumentParser
import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// `authflow phone sign-in +E164`: prove the app, text a code, confirm it.
struct PhoneSignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        _superCommandName: "authflow",
        abstract: "Sign in with a phone number and the code Firebase texts to it.",
        discussion: """
            The number must be in E.164 form (+ and the country code, digits only: +16505553434).

            Before it texts a code, Firebase wants proof that the app asks, not a script (--verifier):
              hosted    Firebase's reCAPTCHA page on the auth domain, as the iOS SDK opens it; it returns \
            through the iOS app's custom scheme, which `authflow register-scheme` makes the desktop hand to \
            `authflow handle-url` (or paste the final address). Needs --client-id or --app-id and \
            --ios-bundle-id (a GoogleService-Info.plist has them).
              loopback  a reCAPTCHA page authflow serves at http://localhost:PORT, as a web app runs it \
            (reCAPTCHA Enterprise when the project audits or enforces it). localhost must be an authorized \
            domain. The page then takes the SMS code too.
              none      no proof: the Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST, --emulator), or \
            --app-verification-disabled-for-testing with the project's fictional test numbers.
            Without --verifier: none for an emulator; loopback when the project enforces reCAPTCHA Enterprise; \
            else hosted when the iOS app is configured; else loopback.

            The code comes from --code, else --code-command, else the loopback page or a terminal prompt \
            (whichever answers first), else a line of standard input. The verification is saved as soon as the \
            SMS is sent: if this command stops, `authflow phone verify --code CODE` finishes it; running sign-in \
            again for the same number within 5 minutes reuses it and sends no second SMS (unless --resend).

            --link adds the number to the signed-in user; --reauth re-authenticates them. --lang sets the SMS \
            language.

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow phone sign-in +16505553434",
        "authflow phone sign-in +16505553434 --verifier loopback --json",
    ]

    @Argument(help: ArgumentHelp("The phone number in E.164 form, e.g. +16505553434.", valueName: "number"))
    var number: String

    @Option(
        help: ArgumentHelp(
            "How to prove the app: hosted, loopback or none (default: chosen from the configuration).",
            valueName: "route"))
    var verifier: VerifierArgument?

    @Flag(
        name: .customLong("app-verification-disabled-for-testing"),
        help: "Send no app proof, as the SDKs' test mode does (for the project's fictional test numbers).")
    var appVerificationDisabledForTesting = false

    @Flag(help: "Send a new SMS even if one sent in the last 5 minutes is still unused.")
    var resend = false

    @OptionGroup(title: "SMS code")
    var codes: PhoneCodeOptions

    @OptionGroup var purposeFlags: SignInPurposeOptions<PhoneNumberPurpose>

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Second factor") var secondFactor: SecondFactorOptions

    @OptionGroup(title: "reCAPTCHA Enterprise") var recaptcha: RecaptchaTokenCommandOption

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func validate() throws {
        try PhoneNumber.validateArgument(number)
        try purposeFlags.refuseBoth()
        if appVerificationDisabledForTesting, let verifier, verifier != .none {
            throw ValidationError(
                localized(
                    "--app-verification-disabled-for-testing sends no proof; it cannot be combined with "
                        + "--verifier \(verifier.rawValue).")
            )
        }
    }

    func run() async throws {
        var context = try CommandContext(options: project, verbose: output.verbose)
        context.useBrowserForAppCheck(browser, templates: .standard(explicit: wait.templates))
        let phoneNumber = try PhoneNumber.argument(number)
        let purpose = purposeFlags.purpose
        let flow = PhoneSignIn(try context.flowEnvironment())
        let options = PhoneSignIn.Options(
            verifier: verifier?.verifier, appVerificationDisabledForTesting: appVerificationDisabledForTesting,
            resend: resend, code: codes.code, codeCommand: codes.command(timeout: wait.duration),
            round: wait.round(browser, label: PhoneSignInNotice.Label.phoneSignIn),
            recaptchaTokens: recaptcha.program(timeout: wait.duration))
        let interaction = TerminalPhoneInteraction(timeout: wait.duration)
        let completed: PhoneSignIn.Completed
        do {
            completed = try await flow.run(phoneNumber, purpose: purpose, options: options, interaction: interaction)
        } catch {
            throw context.report(.from(error))
        }
        try await SignInReport.finish(
            completed.result, purpose: purpose, json: format.json,
            secondFactor: SecondFactorContinuation(
                context: context, options: secondFactor, browser: browser, wait: wait,
                recaptchaTokenCommand: recaptcha),
            extraJSON: [
                ("phoneNumber", .string(completed.phoneNumber.e164)),
                ("verifier", .string(completed.verifier.rawValue)),
                ("codeSource", .string(completed.codeOrigin.rawValue)),
                ("reusedVerification", .bool(completed.reusedVerification)),
            ],
            method: localized("the phone number \(completed.phoneNumber)"))
    }
}
