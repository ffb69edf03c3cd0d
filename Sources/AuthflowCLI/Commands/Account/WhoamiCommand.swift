import ArgumentParser
import AuthflowCore

/// `authflow whoami`: who is signed in to this project, from the stored session.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        _superCommandName: "authflow",
        abstract: "Show the signed-in user of this project.",
        discussion: """
            Reads the stored session; nothing is sent unless --check is given, which asks Firebase for the \
            account (refreshing the ID token first if needed) and updates the stored profile. Tokens are never \
            printed here; use `authflow token`. Phone numbers show only their last four digits, as in \
            `authflow mfa list`.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow whoami",
        "authflow whoami --check",
        "authflow whoami --emulator 127.0.0.1:9099 --project-id demo-x --json",
    ]

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSummary>

    @Flag(help: "Ask Firebase whether the account still exists and refresh its profile.")
    var check = false

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        var (store, session) = try context.requireSession()
        if check {
            let environment = try context.flowEnvironment()
            do {
                session = try await AccountService(environment).refreshProfile()
            } catch {
                throw context.report(.from(error))
            }
        }
        let standardOutput = StandardOutput()
        if format.json {
            standardOutput.write(bytes: JSONLineWriter.line(SessionPresentation.json(session, maskingPhones: true)))
        } else {
            standardOutput.write(SessionPresentation.text(session, storedAt: store.path) + "\n")
        }
        standardOutput.flush()
    }
}
