import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow email verify`: send the signed-in user a verification email.
struct EmailVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        _superCommandName: "authflow",
        abstract: "Send the signed-in user an email to verify their address.",
        discussion: """
            Sends sendOobCode with requestType VERIFY_EMAIL for the stored session (refreshing its ID token \
            first when due). A verified email is what Firebase requires before enrolling an SMS second factor. \
            After opening the link, `authflow whoami --check` shows the address as verified.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow email verify",
        "authflow email verify --continue-url https://example.com/verified",
    ]

    @Option(
        name: .customLong("continue-url"),
        help: ArgumentHelp("Where the verification page leads afterwards (an authorized domain).", valueName: "url"))
    var continueURL: String?

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        _ = try context.requireSession()
        let environment = try context.flowEnvironment()
        let address: String
        do {
            address = try await AccountService(environment).sendVerificationEmail(continueURL: continueURL)
        } catch {
            throw context.report(.from(error))
        }
        if format.json {
            let standardOutput = StandardOutput()
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("sent", .bool(true)), ("email", .string(address)), ("requestType", .string("VERIFY_EMAIL")),
                ]))
            standardOutput.flush()
            return
        }
        StandardError.write(
            localized("Sent a verification email to \(address). Open its link, then run `authflow whoami --check`."))
    }
}
