import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// `authflow sessions`: every session stored on this machine, for every project and emulator.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        _superCommandName: "authflow",
        abstract: "List every signed-in session stored on this machine (all projects and emulators).",
        discussion: """
            Reads the state directory only; nothing is sent. Each line shows the project (and tenant), the \
            emulator host if any, the uid and the email (phone numbers masked). A damaged session file is listed \
            with what is wrong. Tokens are never printed.

            \(HelpEnding.text(statuses: AuthflowExitCode.always, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow sessions",
        "authflow sessions --json",
    ]

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp("Where authflow keeps its state (default: $XDG_STATE_HOME/authflow).", valueName: "dir"))
    var stateDirectory: String?

    @OptionGroup var format: JSONOutputOptions<ReplacedTable>

    @OptionGroup var language: LanguageOptions

    func validate() throws {
        if stateDirectory?.isEmpty == true { throw ValidationError(localized("--state-dir needs a directory.")) }
    }

    func run() throws {
        let root: StateDirectory
        do {
            root = try StateDirectory.resolve(
                explicit: stateDirectory, environment: ProcessEnvironment.current())
        } catch {
            throw CommandFailure.from(error)
        }
        let entries = StoredSessions.all(under: root)
        let standardOutput = StandardOutput()
        if format.json {
            let rows = entries.map { entry in
                JSONValue.object([
                    ("projectId", .optional(entry.session?.project.projectID)),
                    ("tenantId", .optional(entry.session?.project.tenantID)),
                    ("emulatorHost", .optional(entry.session?.project.emulatorHost)),
                    ("uid", .optional(entry.session?.uid)),
                    ("email", .optional(entry.session?.email)),
                    ("phoneNumber", .optional(entry.session?.phoneNumber.map(PhoneNumberMask.mask))),
                    ("sessionFile", .string(entry.path)),
                    ("damaged", .bool(entry.session == nil)),
                ])
            }
            standardOutput.write(bytes: JSONLineWriter.line([("sessions", .array(rows))]))
        } else if entries.isEmpty {
            StandardError.write(localized("authflow: no sessions are stored (in \(root.path))."))
        } else {
            for entry in entries {
                guard let session = entry.session else {
                    let columns = ["damaged", entry.path, entry.problem?.cliMessage ?? ""]
                    standardOutput.write(columns.map(TerminalText.escaped).joined(separator: "\t") + "\n")
                    continue
                }
                var project = session.project.projectID
                if let tenant = session.project.tenantID { project += " (tenant \(tenant))" }
                let who = session.email ?? session.phoneNumber.map(PhoneNumberMask.mask) ?? "-"
                // Each column escaped whole, tabs and line feeds too, so no value can add a column or a row.
                let columns = [project, session.project.emulatorHost ?? "production", session.uid, who]
                standardOutput.write(columns.map(TerminalText.escaped).joined(separator: "\t") + "\n")
            }
        }
        standardOutput.flush()
    }
}
