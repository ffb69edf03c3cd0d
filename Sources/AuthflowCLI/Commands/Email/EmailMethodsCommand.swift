import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives

/// `authflow email methods EMAIL`: how an address can sign in (createAuthUri), for identifier-first flows.
struct EmailMethodsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "methods",
        _superCommandName: "authflow",
        abstract: "List the sign-in methods of an email address (password, emailLink, providers).",
        discussion: """
            Asks createAuthUri, as the SDKs' fetchSignInMethodsForEmail does. With email enumeration protection \
            on (the default for new projects), Firebase withholds the answer: authflow then says it is \
            unknown, which is not the same as "no account".

            JSON keys: email, registered, methods, providers (null when withheld), withheld.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow email methods ada@example.com",
        "authflow email methods ada@example.com --json",
    ]

    @Argument(help: ArgumentHelp("The address to look up.", valueName: "email"))
    var email: String

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        // The address is the command's own argument: refused before any configuration is needed.
        try CommandFailure.checkEmailAddress(email)
        let context = try CommandContext(options: project, verbose: output.verbose)
        let client = try context.client()
        let methods: EmailSignInMethods
        do {
            methods = try await SignInMethodLookup(client: client).methods(for: email)
        } catch {
            throw context.report(.from(error))
        }
        let standardOutput = StandardOutput()
        if format.json {
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("email", .string(methods.email)), ("registered", .optional(methods.registered)),
                    ("methods", methods.methods.map { .array($0.map(JSONValue.string)) } ?? .null),
                    ("providers", methods.providers.map { .array($0.map(JSONValue.string)) } ?? .null),
                    ("withheld", .bool(methods.isWithheld)),
                ]))
        } else {
            standardOutput.write(Self.text(methods) + "\n")
        }
        standardOutput.flush()
    }

    static func text(_ methods: EmailSignInMethods) -> String {
        if methods.isWithheld {
            return localized(
                "\(methods.email): unknown. Firebase withholds sign-in methods (email enumeration protection is "
                    + "on); ask for a sign-in link or try a password instead.")
        }
        guard methods.registered != false else { return localized("\(methods.email): no account.") }
        let list = methods.methods ?? []
        guard !list.isEmpty else { return localized("\(methods.email): an account with no email sign-in method") }
        return "\(methods.email): " + list.joined(separator: ", ")
    }
}
