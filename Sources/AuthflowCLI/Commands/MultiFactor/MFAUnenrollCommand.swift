import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow mfa unenroll ID|NAME`: remove one of the signed-in user's second factors.
struct MFAUnenrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unenroll",
        _superCommandName: "authflow",
        abstract: "Remove one of the signed-in user's second factors.",
        discussion: """
            Names the factor by its ID, its display name or its number in `authflow mfa list`. Firebase may \
            ask for a recent sign-in first (CREDENTIAL_TOO_OLD_LOGIN_AGAIN): sign in again, then retry.

            \(HelpEnding.text(statuses: AuthflowExitCode.online + [.interrupted], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow mfa unenroll 1",
        "authflow mfa unenroll \"Work phone\" --json",
    ]

    @Argument(help: ArgumentHelp("The factor's ID, display name or number in `mfa list`.", valueName: "factor"))
    var factor: String

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let service = try context.enrolledFactorService()
        let outcome: (session: UserSession, removed: EnrolledFactor)
        do {
            outcome = try await service.unenroll(factor)
        } catch {
            throw context.report(.from(error, resolvingSignIn: false))
        }
        let output = StandardOutput()
        if format.json {
            output.write(
                bytes: JSONLineWriter.line([
                    ("result", .string("unenrolled")), ("factor", SessionPresentation.factorJSON(outcome.removed)),
                    ("remaining", .integer(outcome.session.enrolledFactors.count)),
                ]))
        } else {
            let left = outcome.session.enrolledFactors.count
            let removed = FactorWording.label(outcome.removed)
            output.write(
                left == 0
                    ? localized("Removed \(removed); the account has no second factor left.\n")
                    : localized(
                        one: "Removed \(removed); \(left) second factor(s) left.\n",
                        other: "Removed \(removed); \(left) second factor(s) left.\n", count: left))
        }
        output.flush()
    }
}
