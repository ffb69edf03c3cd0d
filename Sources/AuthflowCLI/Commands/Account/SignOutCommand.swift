import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow sign-out`: forget the stored session of this project.
struct SignOutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-out",
        _superCommandName: "authflow",
        abstract: "Forget the signed-in user of this project on this machine.",
        discussion: """
            Deletes the stored session (ID and refresh tokens). Firebase has no sign-out call: tokens already \
            handed out stay valid until they expire (ID tokens within an hour). Signing out when nobody is \
            signed in is not an error.

            \(HelpEnding.text(statuses: AuthflowExitCode.always, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow sign-out",
        "authflow sign-out --emulator 127.0.0.1:9099 --project-id demo-x",
    ]

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    func run() async throws {
        let context = try CommandContext(options: project)
        let store = try context.sessionStore()
        let existing = try? store.load() // Only for the message; a damaged file is removed all the same.
        do {
            try store.remove()
        } catch {
            throw CommandFailure.from(error)
        }
        if format.json {
            let standardOutput = StandardOutput()
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("signedOut", .bool(existing != nil)),
                    ("uid", .optional(existing?.uid)),
                    ("email", .optional(existing?.email)),
                    ("projectId", .optional(context.configuration.projectID)),
                ]))
            standardOutput.flush()
        } else if let existing {
            StandardError.write(
                localized(
                    "Signed out \(existing.email ?? existing.phoneNumber ?? existing.uid) from \(context.projectLabel)."
                ))
        } else {
            StandardError.write(localized("Nobody was signed in to \(context.projectLabel)."))
        }
    }
}
