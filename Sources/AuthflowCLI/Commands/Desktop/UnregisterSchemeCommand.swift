import ArgumentParser
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives

/// `authflow unregister-scheme`: undoes `register-scheme`.
struct UnregisterSchemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister-scheme",
        _superCommandName: "authflow",
        abstract: "Stop the desktop from opening custom-scheme URLs with authflow.",
        discussion: """
            Removes authflow's desktop entry for each scheme and its line in $XDG_CONFIG_HOME/mimeapps.list. \
            Entries authflow did not write are left alone.

            \(HelpEnding.text(statuses: [.success, .refused, .usage], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow unregister-scheme com.example.app",
        "authflow unregister-scheme --all --json",
    ]

    @Argument(
        help: ArgumentHelp("Schemes to unregister (default: the project's callback scheme).", valueName: "scheme"))
    var schemes: [String] = []

    @Flag(name: .long, help: "Unregister every scheme authflow is registered for.")
    var all = false

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    func validate() throws {
        if all, !schemes.isEmpty { throw ValidationError(localized("Pass schemes or --all, not both.")) }
    }

    func run() throws {
        let registrar = try SchemeSelection.registrar(executable: nil)
        let chosen = all ? registrar.registeredSchemes() : try SchemeSelection.schemes(schemes, project: project)
        if chosen.isEmpty, !format.json {
            StandardError.write(localized("authflow: no schemes are registered; nothing to do."))
            return
        }
        var done: [SchemeUnregistration] = []
        for scheme in chosen {
            let unregistration: SchemeUnregistration
            do {
                unregistration = try registrar.unregister(scheme)
            } catch {
                throw SchemeSelection.failure(error)
            }
            done.append(unregistration)
            if format.json { continue }
            if unregistration.removedEntry || unregistration.removedDefault {
                print(
                    "Unregistered \(unregistration.scheme): (removed "
                        + "\(unregistration.removedEntry ? unregistration.path : localized("the default in mimeapps.list")))"
                )
            } else {
                StandardError.write(localized("authflow: \(unregistration.scheme): was not registered; nothing to do."))
            }
        }
        if format.json {
            // One object for the whole command: each scheme asked for, and what was removed for it.
            let rows = done.map { unregistration in
                JSONValue.object([
                    ("scheme", .string(unregistration.scheme)), ("desktopFile", .string(unregistration.path)),
                    ("removedEntry", .bool(unregistration.removedEntry)),
                    ("removedDefault", .bool(unregistration.removedDefault)),
                ])
            }
            let standardOutput = StandardOutput()
            standardOutput.write(bytes: JSONLineWriter.line([("schemes", .array(rows))]))
            standardOutput.flush()
        }
    }
}
