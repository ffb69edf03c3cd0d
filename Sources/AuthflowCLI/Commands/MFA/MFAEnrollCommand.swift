import ArgumentParser
import AuthflowCore

/// `authflow mfa enroll +E164 [--display-name NAME]`: add an SMS second factor to the signed-in user.
struct MFAEnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Add a phone number as an SMS second factor of the signed-in user.",
        discussion: """
            The number must be in E.164 form (+ and the country code, digits only). Firebase requires a \
            verified email address first (`authflow email verify` sends the link), and may ask for a recent \
            sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN): sign in again the same way, then enroll.

            The app is proven as for `phone sign-in` (--verifier hosted, loopback or none, chosen the same way), \
            and the code comes from the same places: --code, --code-command, the loopback page, the terminal or \
            a line of standard input. The SMS is saved as soon as it is sent: running enroll again for the same \
            number within 5 minutes (say with --code after a wrong one) uses it instead of texting again, \
            unless --resend.

            \(AuthflowExitCode.table)
            """
    )

    @Argument(help: ArgumentHelp("The phone number in E.164 form, e.g. +16505553434.", valueName: "number"))
    var number: String

    @Option(name: .customLong("display-name"), help: ArgumentHelp("A name for the factor, e.g. \"Work phone\".", valueName: "name"))
    var displayName: String?

    @OptionGroup var sms: SecondFactorSMSOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func validate() throws {
        try PhoneNumber.validateArgument(number)
    }

    func run() async throws {
        var context = try CommandContext(options: project, verbose: output.verbose)
        context.useBrowserForAppCheck(browser, templates: .standard(explicit: wait.templates))
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
            output.write(bytes: JSONLineWriter.line([
                ("result", .string("enrolled")), ("factor", SessionPresentation.factorJSON(completed.factor)),
                ("verifier", .string(completed.verifier.rawValue)), ("codeSource", .string(completed.codeOrigin.rawValue)),
                ("reusedVerification", .bool(completed.reusedCode)),
                ("user", .object(SessionPresentation.json(completed.session))),
            ]))
        } else {
            output.write("Added \(FactorSelection.label(completed.factor)) as a second factor of "
                + "\(completed.session.email ?? completed.session.uid). Signing in now also asks for its SMS code.\n")
        }
        output.flush()
    }
}
