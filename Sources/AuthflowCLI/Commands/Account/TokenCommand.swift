import ArgumentParser
import AuthflowCore

/// `authflow token`: a valid ID token on standard output, for `Authorization: Bearer $(authflow token)`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        _superCommandName: "authflow",
        abstract: "Print a fresh ID token of the signed-in user, and nothing else.",
        discussion: """
            The stored ID token is refreshed first through the secure-token endpoint when it expires within \
            5 minutes (or always with --force-refresh), so a request made with it right away is accepted:

              curl -H "Authorization: Bearer $(authflow token)" https://api.example.com/me

            Concurrent calls refresh once. Errors go to standard error, so standard output is either the \
            token or empty. When the state directory is full or read-only, a refreshed token is still printed \
            (exit 0) with a warning that it could not be saved: the next call refreshes again.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow token",
        "curl -H \"Authorization: Bearer $(authflow token)\" \"$API\"",
        "authflow token --force-refresh",
    ]

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @Flag(name: .customLong("force-refresh"), help: "Get a new ID token even if the stored one is still valid.")
    var forceRefresh = false

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let (store, _) = try context.requireSession() // "Not signed in" matters more than a missing API key.
        let client = try context.client()
        let fresh: TokenRefresher.Fresh
        do {
            fresh = try await TokenRefresher(client: client, store: store)
                .freshSessionEvenIfUnsaved(force: forceRefresh, project: context.namedProject)
        } catch {
            throw context.report(.from(error))
        }
        let standardOutput = StandardOutput()
        standardOutput.write(fresh.session.tokens.idToken + "\n")
        standardOutput.flush()
        if let unsaved = fresh.unsaved { StandardError.write(SessionWording.unsavedToken(unsaved)) }
    }
}
