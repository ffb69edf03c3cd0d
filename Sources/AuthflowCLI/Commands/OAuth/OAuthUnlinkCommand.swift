import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives

/// `authflow oauth unlink`: remove a provider from the signed-in user.
struct OAuthUnlinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink",
        _superCommandName: "authflow",
        abstract: "Remove a sign-in provider from the signed-in user.",
        discussion: """
            Asks Firebase to remove PROVIDER (google.com, github.com, apple.com, password, phone, oidc.NAME, …) \
            from the signed-in user's account, then shows the providers it still has. `authflow whoami` lists \
            them too.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow oauth unlink --provider github.com",
        "authflow oauth unlink --provider phone --json",
    ]

    @Option(
        help: ArgumentHelp("The provider ID to remove, e.g. github.com.", valueName: "provider"),
        completion: .list(OAuthSignInCommand.providerIDs + ["password", "phone"]))
    var provider: String

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let session: UserSession
        do {
            session = try await OAuthSignIn(try context.flowEnvironment()).unlink(provider)
        } catch let error as OAuthSignInError {
            throw context.report(.from(error))
        }
        let standardOutput = StandardOutput()
        if format.json {
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("unlinked", .string(provider)), ("uid", .string(session.uid)),
                    ("providerIds", .array(session.providerIDs.map(JSONValue.string))),
                ]))
        } else {
            let remaining =
                session.providerIDs.isEmpty ? localized("none") : session.providerIDs.joined(separator: ", ")
            standardOutput.write(
                localized("Unlinked \(provider) from \(session.email ?? session.uid); it signs in with: \(remaining).")
                    + "\n")
        }
        standardOutput.flush()
    }
}
