import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow mfa enroll +E164 [--display-name NAME]`: add an SMS second factor to the signed-in user;
/// `authflow mfa enroll --totp`: add a TOTP authenticator app (``TOTPEnrollmentSteps``).
struct MFAEnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        _superCommandName: "authflow",
        abstract: "Add a phone number (SMS) or, with --totp, an authenticator app as a second factor.",
        discussion: """
            The number must be in E.164 form (+ and the country code, digits only). Firebase requires a \
            verified email address first (`authflow email verify` sends the link), and may ask for a recent \
            sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN): sign in again the same way, then enroll.

            The app is proven as for `phone sign-in` (--verifier hosted, loopback or none, chosen the same way), \
            and the code comes from the same places: --code, --code-command, the loopback page, the terminal or \
            a line of standard input. The SMS is saved as soon as it is sent: running enroll again for the same \
            number within 5 minutes (say with --code after a wrong one) uses it instead of texting again, \
            unless --resend.

            With --totp (and no number) an authenticator app is enrolled instead: Firebase hands out a secret, \
            shown once as a QR code in the terminal, as a key to type and as an otpauth:// URI (--qr-png also \
            writes the QR code as a PNG, mode 0600); then the app's first code comes from --code, from \
            --code-command (run with the URI in $AUTHFLOW_TOTP_URI, for automation), the terminal or a line of \
            standard input. \
            --issuer (default: the project ID) and --account (default: the account's email) name the entry in \
            the app. The project must have TOTP enabled (Identity Platform). authflow never stores the secret.

            \(HelpEnding.text(statuses: AuthflowExitCode.online + [.browserTimeout, .interrupted], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow mfa enroll +16505553434",
        "authflow mfa enroll --totp --qr-png totp.png",
    ]

    @Argument(help: ArgumentHelp("The phone number in E.164 form, e.g. +16505553434.", valueName: "number"))
    var number: String?

    @Flag(help: "Enroll an authenticator app (TOTP) instead of a phone number.")
    var totp = false

    @Option(help: ArgumentHelp("With --totp: the issuer the app shows (default: the project ID).", valueName: "name"))
    var issuer: String?

    @Option(help: ArgumentHelp("With --totp: the account name the app shows (default: the email).", valueName: "name"))
    var account: String?

    @Option(
        name: .customLong("qr-png"),
        help: ArgumentHelp(
            "With --totp: also write the QR code as a PNG image to this file (mode 0600).", valueName: "file"),
        completion: .file(extensions: ["png"]))
    var qrPNG: String?

    @Option(
        name: .customLong("display-name"),
        help: ArgumentHelp("A name for the factor, e.g. \"Work phone\".", valueName: "name"))
    var displayName: String?

    @OptionGroup var sms: SecondFactorSMSOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func validate() throws {
        if totp {
            if number != nil { throw ValidationError(localized("Pass a phone number or --totp, not both.")) }
            if sms.verifier != nil || sms.resend {
                throw ValidationError(localized("--verifier and --resend are for SMS, not --totp."))
            }
            return
        }
        if issuer != nil || account != nil || qrPNG != nil {
            throw ValidationError(localized("--issuer, --account and --qr-png go with --totp."))
        }
        guard let number else {
            throw ValidationError(localized("Pass the phone number to enroll, or --totp for an authenticator app."))
        }
        try PhoneNumber.validateArgument(number)
    }

    func run() async throws {
        var context = try CommandContext(options: project, verbose: output.verbose)
        context.useBrowserForAppCheck(browser, templates: .standard(explicit: wait.templates))
        guard let number else {
            try await TOTPEnrollmentSteps(
                context: context, displayName: displayName, issuer: issuer, account: account, code: sms.codes.code,
                codeCommand: sms.codes.command(timeout: wait.duration), qrPNG: qrPNG, json: format.json
            ).run()
            return
        }
        let phoneNumber = try PhoneNumber.argument(number)
        let continuation = SecondFactorContinuation(context: context, browser: browser, wait: wait)
        let enrollment = SecondFactorEnrollment(try context.flowEnvironment())
        let completed: SecondFactorEnrollment.Completed
        do {
            completed = try await enrollment.run(
                phoneNumber, displayName: displayName,
                options: sms.options(continuation, label: PhoneSignInNotice.Label.secondFactorEnrollment),
                interaction: continuation.interaction(readsStandardInput: true))
        } catch {
            throw context.report(.from(error, resolvingSignIn: false))
        }
        let output = StandardOutput()
        if format.json {
            output.write(
                bytes: JSONLineWriter.line([
                    ("result", .string("enrolled")), ("factor", SessionPresentation.factorJSON(completed.factor)),
                    ("verifier", .string(completed.verifier.rawValue)),
                    ("codeSource", .string(completed.codeOrigin.rawValue)),
                    ("reusedVerification", .bool(completed.reusedCode)),
                    ("user", .object(SessionPresentation.json(completed.session))),
                ]))
        } else {
            output.write(
                localized(
                    "Added \(FactorWording.label(completed.factor)) as a second factor of "
                        + "\(completed.session.email ?? completed.session.uid). Signing in now also asks for its SMS "
                        + "code.\n"
                )
            )
        }
        output.flush()
    }
}
