import ArgumentParser
import AuthflowBackend
import AuthflowCore
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `authflow emulator`: the embedded Auth-Emulator-compatible backend, in the foreground.
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        _superCommandName: "authflow",
        abstract:
            "Run a local test and demo backend compatible with the Firebase Auth Emulator (not a production identity server).",
        discussion: """
            Serves the Firebase Auth Emulator's REST API (the client API, the Admin API's accounts, tenants, \
            project config and OIDC/SAML provider configurations), its emulator API, action links and IdP \
            sign-in page on 127.0.0.1 and ::1 only, so clients and tests can run email and password, email-link, \
            phone, anonymous, custom-token, OAuth and OIDC, SAML, Sign in with Apple, passkey, SMS and TOTP \
            multi-factor flows, App Check, reCAPTCHA and blocking functions without a Firebase project or \
            network. It is a test and demo tool: ID tokens are unsigned, passwords are stored readably, and \
            anything on this machine can read and change every account. Never use it as a real identity server.

            --import DIR loads an export in firebase-tools' layout (DIR/firebase-export-metadata.json, \
            DIR/auth_export/accounts.json, accounts-<tenant>.json and config.json), as \
            "firebase emulators:start --import DIR" does; a malformed file stops the start naming the file, \
            the entry and the field, with nothing imported. --export-on-exit [DIR] writes the same layout when \
            the emulator stops (Ctrl-C, SIGTERM or another ending signal), to DIR or, without DIR, to the \
            --import directory (which need not exist yet); the previous export there is replaced as a whole \
            only once the new one is complete. A running emulator exports on request: POST \
            {"path": "/absolute/dir"} to /_admin/export, as to firebase-tools' emulator hub.

            Against web pages: only requests addressed to 127.0.0.1, localhost or [::1] are answered; project \
            configuration, tenants and admin paths need "Authorization: Bearer owner"; a page not served from \
            loopback gets the client API only (no emulator API, no Authorization); blocking functions may be \
            called on loopback only unless --allow-remote-functions is given.

            SMS codes and email links are printed as they are "sent", in the emulator's words. Point clients at \
            the backend with FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID (the banner prints both; \
            --json prints them as one JSON line instead: host, port, project, emulatorHost, baseURL). A client \
            configured for another project refuses the emulator's tokens. Pages can be branded with --templates DIR (or \
            AUTHFLOW_TEMPLATES); pages missing there fall back to the built-in ones. Ctrl-C stops it.

            \(HelpEnding.text(statuses: AuthflowExitCode.always + [.unavailable], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow emulator",
        "authflow emulator --port 9099 --import ./auth-data --export-on-exit",
        "authflow emulator --json",
    ]

    @Option(help: ArgumentHelp("The loopback host written into links: 127.0.0.1, localhost or ::1.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port on 127.0.0.1 and ::1 (0 picks a free one).", valueName: "port"))
    var port: UInt16 = 9099

    @Option(help: ArgumentHelp("The project ID tokens are issued for.", valueName: "id"))
    var project = "demo-authflow"

    @Option(help: ArgumentHelp("A directory of branded page templates.", valueName: "dir"), completion: .directory)
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "A request for another project ID: off (served silently), warning (served and logged) or error (refused with 400).",
            valueName: "mode"
        ))
    var singleProjectMode: SingleProjectModeArgument = .warning

    @Flag(
        help: ArgumentHelp(
            "Let the project config name blocking functions off this machine (by default only loopback URLs are accepted)."
        ))
    var allowRemoteFunctions = false

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp(
            "Load the accounts and config of an export in firebase-tools' layout at start.", valueName: "dir"),
        completion: .directory)
    var importDirectory: String?

    @Option(
        name: .customLong("export-on-exit"),
        help: ArgumentHelp(
            "Export the accounts and config when stopped (without a directory: to the --import directory).",
            valueName: "dir"),
        completion: .directory)
    var exportOnExit: String?

    @OptionGroup var format: JSONOutputOptions<ReplacedEmulatorBanner>

    @OptionGroup var language: LanguageOptions

    /// `--export-on-exit` given without a directory (the end of the arguments or another option follows) becomes
    /// `--export-on-exit=<the --import directory>`, as firebase-tools takes `--export-on-exit` alone after
    /// `--import DIR`; ArgumentParser has no option with an optional value. Without `--import` it is left alone
    /// (ArgumentParser then asks for its value). Only `authflow emulator …` lines are changed.
    static func withExportOnExitValue(_ arguments: [String]) -> [String] {
        guard arguments.count > 1, arguments[1] == "emulator" else { return arguments }
        var importDirectory: String?
        for (index, argument) in arguments.enumerated().dropFirst(2) {
            if argument == "--" { break }
            if argument == "--import", index + 1 < arguments.count { importDirectory = arguments[index + 1] }
            if argument.hasPrefix("--import=") { importDirectory = String(argument.dropFirst("--import=".count)) }
        }
        guard let importDirectory else { return arguments }
        var result = arguments
        for index in result.indices.dropFirst(2) {
            if result[index] == "--" { break }
            guard result[index] == "--export-on-exit" else { continue }
            if index + 1 == result.count || result[index + 1].hasPrefix("-") {
                result[index] = "--export-on-exit=" + importDirectory
            }
        }
        return result
    }

    /// Where `--export-on-exit` writes, absolute.
    var exportDestination: String? {
        guard let exportOnExit, !exportOnExit.isEmpty else { return nil }
        return FilePath.absolute(exportOnExit)
    }

    func validate() throws {
        do {
            try EmbeddedBackend.checkLoopbackHost(host)
        } catch {
            throw ValidationError(
                localized(
                    "--host \(host) is not a loopback host. The emulator listens on 127.0.0.1 and ::1 only and has "
                        + "no access control, so its links must name 127.0.0.1, localhost or ::1."))
        }
        if let exportOnExit, exportOnExit.isEmpty {
            throw ValidationError(
                localized(
                    "--export-on-exit needs a directory (it may be left out after --import DIR, to export back "
                        + "there)."))
        }
        if let destination = exportDestination {
            let current = FilePath.currentDirectory()
            if current == destination || current.hasPrefix(destination + "/") {
                throw ValidationError(
                    localized(
                        "--export-on-exit \(destination) holds the current directory, and an export replaces its "
                            + "directory as a whole. Choose a directory outside the current one."))
            }
        }
    }

    func run() async throws {
        let console = ConsoleLines()
        let backend: EmbeddedBackend
        let pages = TemplateDirectory.standard(explicit: templates)
        do {
            var configuration = EmbeddedBackend.Configuration(
                host: host, port: port, projectID: project, templates: pages,
                log: { [json = format.json] line in
                    if json { StandardError.write("  > " + line) } else { console.write("  > " + line) }
                }
            )
            configuration.singleProjectMode = singleProjectMode.mode
            configuration.allowsRemoteBlockingFunctions = allowRemoteFunctions
            configuration.exportVersion = AuthflowVersion.current
            backend = try EmbeddedBackend(configuration: configuration)
        } catch {
            if case .templates(let templates) = error {
                StandardError.write("authflow: \(templates.cliMessage)")
            } else {
                StandardError.write("authflow: \(error)")
            }
            throw Self.exitStatus(for: error).exitCode
        }

        // Signals are caught from here on, so Ctrl-C during the import or the banner still stops cleanly, and a
        // second signal during the export at exit is caught too (the export is not cut short).
        let signals = SignalWaiter()
        let imported = try persistenceAtStart(backend)
        var persistenceLines: [String] = []
        if let imported {
            let (accounts, tenants, directory) = (
                imported.summary.accounts, imported.summary.tenants, imported.directory
            )
            persistenceLines.append(localized("Imported \(accounts) accounts (\(tenants) tenants) from \(directory)."))
        }
        if let destination = exportDestination {
            persistenceLines.append(
                localized("On exit (Ctrl-C, SIGTERM), the accounts and config are exported to \(destination)."))
        }
        if format.json {
            var fields: [(String, JSONValue)] = [
                ("host", .string(host)), ("port", .number(Double(backend.port))),
                ("project", .string(backend.projectID)), ("emulatorHost", .string(backend.hostAndPort)),
                ("baseURL", .string(backend.baseURL)),
                (
                    "blockingFunctions",
                    .object(
                        JSONObject(
                            backend.blockingFunctionURLs.sorted { $0.key < $1.key }.map {
                                ($0.key, JSONValue.string($0.value))
                            }))
                ),
                ("remoteFunctionsAllowed", .bool(backend.allowsRemoteBlockingFunctions)),
            ]
            if let imported { fields.append(("imported", .number(Double(imported.summary.accounts)))) }
            if let exportDestination { fields.append(("exportOnExit", .string(exportDestination))) }
            console.write(bytes: JSONLineWriter.line(fields))
            persistenceLines.forEach { StandardError.write($0) }
            let received = await signals.wait()
            backend.stop()
            try exportAtExit(backend) { StandardError.write($0) }
            StandardError.write("Stopped (\(EndingSignals.name(of: received))).")
            return
        }
        persistenceLines.forEach { console.write($0) }
        let base = backend.baseURL
        let project = backend.projectID
        let pagesFrom = (try? pages.locate("backend-error.html"))?.location.path ?? localized("built-in")
        let functions = Self.functionsLine(backend)
        console.write(
            localized(
                """
                authflow emulator: a local test and demo backend compatible with the Firebase Auth Emulator.
                Not a production identity server: tokens are unsigned and anyone on this machine can read every \
                account.

                  Base URL:  \(base)
                  Project:   \(project)
                  Codes:     \(base)/emulator/v1/projects/\(project)/verificationCodes
                  Links:     \(base)/emulator/v1/projects/\(project)/oobCodes
                  Pages:     \(pagesFrom)
                  Functions: \(functions)

                Project configuration, tenants and admin paths need "Authorization: Bearer owner". Only requests \
                to 127.0.0.1, localhost or [::1] are answered, and web pages not served from there get the client \
                API only.

                Point clients at it with:
                  export FIREBASE_AUTH_EMULATOR_HOST=\(backend.hostAndPort)
                  export FIREBASE_PROJECT_ID=\(project)

                SMS codes and email links appear below as they are sent. Press Ctrl-C to stop.
                """))
        let received = await signals.wait()
        backend.stop()
        try exportAtExit(backend) { console.write($0) }
        console.write("Stopped (\(EndingSignals.name(of: received))).")
    }

    /// Checks the `--export-on-exit` destination and imports `--import`, before anything is served; a failure
    /// stops the emulator with status 2. A missing `--import` directory that is also the export destination is
    /// no error (the first run of a project), as with firebase-tools.
    private func persistenceAtStart(
        _ backend: EmbeddedBackend
    ) throws -> (directory: String, summary: EmbeddedBackend.ImportSummary)? {
        do throws(AuthExportError) {
            if let destination = exportDestination { try EmbeddedBackend.checkExportDestination(destination) }
            guard let importDirectory else { return nil }
            let source = FilePath.absolute(importDirectory)
            if source == exportDestination, DirectoryEntries.names(in: source) == nil { return nil }
            return (source, try backend.importData(from: source))
        } catch {
            backend.stop()
            StandardError.write("authflow: \(error.cliMessage)")
            throw AuthflowExitCode.usage.exitCode
        }
    }

    /// The export `--export-on-exit` asks for, once the server has stopped; a failure is status 2 (the previous
    /// export, if any, is intact).
    private func exportAtExit(_ backend: EmbeddedBackend, say: (String) -> Void) throws {
        guard let destination = exportDestination else { return }
        do throws(AuthExportError) {
            let summary = try backend.exportData(to: destination)
            say(localized("Exported the accounts and config to \(destination)."))
            if summary.omittedTOTPFactors > 0 {
                let omitted = summary.omittedTOTPFactors
                say(
                    localized(
                        "Left out \(omitted) TOTP second factors: the export format has no field for their secrets, "
                            + "so those accounts come back with their other factors only."))
            }
        } catch {
            StandardError.write("authflow: \(error.cliMessage)")
            throw AuthflowExitCode.usage.exitCode
        }
    }

    /// Where blocking functions are called and which URLs the config may name, for the banner: e.g. "none yet
    /// (loopback URLs only)" or "beforeCreate at http://127.0.0.1:5001/f (any URL: --allow-remote-functions)".
    static func functionsLine(_ backend: EmbeddedBackend) -> String {
        let urls = backend.blockingFunctionURLs.sorted { $0.key < $1.key }
        let named = urls.isEmpty ? localized("none yet") : urls.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        let rule =
            backend.allowsRemoteBlockingFunctions
            ? localized("any URL: --allow-remote-functions") : localized("loopback URLs only")
        return "\(named) (\(rule))"
    }

    /// A busy `--port` is the person's to change (2), as in every command taking `--port`; a server that cannot
    /// start otherwise is 3; bad input (templates, project) is 2.
    static func exitStatus(for error: EmbeddedBackendError) -> AuthflowExitCode {
        switch error {
        case .server(.portInUse): .usage
        case .server: .unavailable
        case .hostNotLoopback, .invalidProjectID, .templates: .usage
        }
    }
}

/// `authflow emulator --single-project-mode` values: the backend's modes, spelled for the command line.
enum SingleProjectModeArgument: String, ExpressibleByArgument, CaseIterable {
    case off, warning, error

    var mode: EmbeddedBackend.SingleProjectMode {
        switch self {
        case .off: .noWarning
        case .warning: .warning
        case .error: .error
        }
    }
}
