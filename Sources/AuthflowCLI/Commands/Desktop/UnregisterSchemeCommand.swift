import ArgumentParser
import AuthflowListener
import AuthflowLocalization

/// `authflow unregister-scheme`: undoes `register-scheme`.
struct UnregisterSchemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister-scheme",
        _superCommandName: "authflow",
        abstract: "Stop the desktop from opening custom-scheme URLs with authflow.",
        discussion: """
            Removes authflow's desktop entry for each scheme and its line in $XDG_CONFIG_HOME/mimeapps.list. \
            Entries authflow did not write are left alone.
            """
    )

    @Argument(
        help: ArgumentHelp("Schemes to unregister (default: the project's callback scheme).", valueName: "scheme"))
    var schemes: [String] = []

    @Flag(name: .long, help: "Unregister every scheme authflow is registered for.")
    var all = false

    @OptionGroup(title: "Project") var project: ProjectOptions

    func validate() throws {
        if all, !schemes.isEmpty { throw ValidationError(localized("Pass schemes or --all, not both.")) }
    }

    func run() throws {
        let registrar = try SchemeSelection.registrar(executable: nil)
        let chosen = all ? registrar.registeredSchemes() : try SchemeSelection.schemes(schemes, project: project)
        if chosen.isEmpty {
            StandardError.write(localized("authflow: no schemes are registered; nothing to do."))
            return
        }
        for scheme in chosen {
            let done: SchemeUnregistration
            do {
                done = try registrar.unregister(scheme)
            } catch {
                throw SchemeSelection.failure(error)
            }
            if done.removedEntry || done.removedDefault {
                print(
                    "Unregistered \(done.scheme): (removed "
                        + "\(done.removedEntry ? done.path : localized("the default in mimeapps.list")))"
                )
            } else {
                StandardError.write(localized("authflow: \(done.scheme): was not registered; nothing to do."))
            }
        }
    }
}
