import ArgumentParser
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives

/// `authflow register-scheme`: makes the desktop hand the app's custom-scheme callbacks to authflow.
struct RegisterSchemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register-scheme",
        _superCommandName: "authflow",
        abstract: "Make the desktop open custom-scheme callback URLs with authflow handle-url.",
        discussion: """
            Writes $XDG_DATA_HOME/applications/authflow-SCHEME.desktop (MimeType=x-scheme-handler/SCHEME, \
            Exec=… handle-url %u) and makes it the scheme's default handler with xdg-mime (or by editing \
            $XDG_CONFIG_HOME/mimeapps.list when xdg-mime is missing). Without SCHEME it registers the project's \
            callback scheme: the reversed iOS client ID, else app- and the app ID. `authflow unregister-scheme` \
            undoes it.

            \(HelpEnding.text(statuses: [.success, .refused, .usage], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow register-scheme",
        "authflow register-scheme com.example.app --print",
        "authflow register-scheme --list --json",
    ]

    @Argument(help: ArgumentHelp("Schemes to register (default: the project's callback scheme).", valueName: "scheme"))
    var schemes: [String] = []

    @Flag(name: .long, help: "Show what would be written, and write nothing.")
    var print = false

    @Flag(name: .long, help: "List the schemes authflow is registered for, and whether each is the default.")
    var list = false

    @Option(
        name: .long, help: ArgumentHelp("The program the entry runs (default: this authflow).", valueName: "path"),
        completion: .file())
    var exec: String?

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedTable>

    func validate() throws {
        if list, !schemes.isEmpty || print {
            throw ValidationError(localized("--list takes no schemes and cannot be combined with --print."))
        }
        if let exec, exec.isEmpty { throw ValidationError(localized("--exec needs a path.")) }
    }

    func run() throws {
        let registrar = try SchemeSelection.registrar(executable: exec)
        if list { return listRegistrations(registrar) }
        let chosen = try SchemeSelection.schemes(schemes, project: project)
        // Every scheme is checked before anything is written or shown, with the check registering makes.
        let entries = try checkedEntries(chosen, registrar)
        if print { return preview(entries, registrar) }
        var registered: [SchemeRegistration] = []
        // Written also when a later scheme fails, so that what was registered is known.
        defer { if format.json { writeJSON(registered) } }
        for scheme in entries.map(\.scheme) {
            let done: SchemeRegistration
            do {
                done = try registrar.register(scheme)
            } catch {
                throw SchemeSelection.failure(error)
            }
            registered.append(done)
            if !format.json {
                Swift.print(
                    localized(
                        "Registered \(done.entry.scheme): → \(done.path) (default set with \(done.defaultSetBy.rawValue))"
                    ))
            }
            if !done.isEffective {
                let other =
                    done.effectiveHandler.map { localized("still opens it with \($0)") }
                    ?? localized("reports no handler for it")
                StandardError.write(
                    localized(
                        "authflow: warning: the desktop \(other); a desktop-specific setting (such as "
                            + "~/.config/<desktop>-mimeapps.list or the desktop's own settings) may override "
                            + "mimeapps.list."
                    )
                )
            }
            if let limitation = registrar.openerLimitation(for: done.entry.scheme) {
                StandardError.write(localized("authflow: note: \(limitation.cliMessage)"))
            }
        }
    }

    /// The entries registering `chosen` would write; a scheme registering refuses (no URL scheme, or reserved)
    /// is refused here (2), so `--print` shows nothing registering would not write.
    private func checkedEntries(
        _ chosen: [String], _ registrar: SchemeRegistrar
    ) throws(CommandFailure) -> [DesktopEntry] {
        var entries: [DesktopEntry] = []
        for scheme in chosen {
            do {
                entries.append(try registrar.entry(for: scheme))
            } catch {
                throw SchemeSelection.failure(error)
            }
        }
        return entries
    }

    /// The schemes registered, as one JSON object: each one's desktop file, how it became the default, and whether
    /// the desktop now opens it with authflow (what it opens it with otherwise).
    private func writeJSON(_ registered: [SchemeRegistration]) {
        let rows = registered.map { done in
            JSONValue.object([
                ("scheme", .string(done.entry.scheme)), ("desktopFile", .string(done.path)),
                ("defaultSetBy", .string(done.defaultSetBy.rawValue)), ("isDefault", .bool(done.isEffective)),
                ("effectiveHandler", .optional(done.effectiveHandler)),
            ])
        }
        let standardOutput = StandardOutput()
        standardOutput.write(bytes: JSONLineWriter.line([("schemes", .array(rows))]))
        standardOutput.flush()
    }

    /// Shows what registering would write (with --json, one object naming each entry's file and text).
    private func preview(_ entries: [DesktopEntry], _ registrar: SchemeRegistrar) {
        if format.json {
            let rows = entries.map { entry in
                JSONValue.object([
                    ("scheme", .string(entry.scheme)), ("desktopFile", .string(registrar.entryPath(for: entry.scheme))),
                    ("mimeType", .string(entry.mimeType)), ("entry", .string(entry.text)),
                ])
            }
            let standardOutput = StandardOutput()
            standardOutput.write(bytes: JSONLineWriter.line([("schemes", .array(rows))]))
            standardOutput.flush()
            return
        }
        for entry in entries {
            Swift.print("# \(registrar.entryPath(for: entry.scheme))")
            Swift.print(entry.text, terminator: "")
            Swift.print("# then: xdg-mime default \(entry.fileID) \(entry.mimeType)")
            Swift.print(
                "#   (or [Default Applications] \(entry.mimeType)=\(entry.fileID); in "
                    + "\(registrar.directories.mimeAppsList))"
            )
        }
    }

    private func listRegistrations(_ registrar: SchemeRegistrar) {
        let registered = registrar.registeredSchemes()
        if format.json {
            let rows = registered.map { scheme in
                JSONValue.object([
                    ("scheme", .string(scheme)),
                    ("isDefault", .bool(registrar.isDefaultHandler(for: scheme))),
                    ("desktopFile", .string(registrar.entryPath(for: scheme))),
                ])
            }
            let standardOutput = StandardOutput()
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("schemes", .array(rows)), ("applicationsDirectory", .string(registrar.directories.applications)),
                ]))
            standardOutput.flush()
            return
        }
        if registered.isEmpty {
            StandardError.write(
                localized(
                    "authflow: no schemes are registered (in \(registrar.directories.applications))."))
            return
        }
        for scheme in registered {
            let isDefault = registrar.isDefaultHandler(for: scheme)
            Swift.print(
                "\(scheme)\t\(isDefault ? "default" : localized("not the default"))\t\(registrar.entryPath(for: scheme))"
            )
        }
    }
}
