import ArgumentParser
import AuthflowBackend
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
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
            Serves the Firebase Auth Emulator's REST API, emulator API, action links and IdP sign-in page on \
            127.0.0.1 and ::1 only, so clients and tests can run the phone, email-link, Sign in with Apple and \
            SMS multi-factor flows without a Firebase project or network. It is a test and demo tool: ID tokens \
            are unsigned, passwords are stored readably, and anything on this machine can read and change every \
            account. Never use it as a real identity server.

            Against web pages: only requests addressed to 127.0.0.1, localhost or [::1] are answered; project \
            configuration, tenants and admin paths need "Authorization: Bearer owner"; a page not served from \
            loopback gets the client API only (no emulator API, no Authorization); blocking functions may be \
            called on loopback only unless --allow-remote-functions is given.

            SMS codes and email links are printed as they are "sent", in the emulator's words. Point clients at \
            the backend with FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID (the banner prints both; \
            --json prints them as one JSON line instead: host, port, project, emulatorHost, baseURL). A client \
            configured for another project refuses the emulator's tokens. Pages can be branded with --templates DIR (or \
            AUTHFLOW_TEMPLATES); pages missing there fall back to the built-in ones. Ctrl-C stops it.

            \(AuthflowExitCode.table(for: AuthflowExitCode.always + [.unavailable]))
            """
    )

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

    @OptionGroup var format: JSONOutputOptions<ReplacedEmulatorBanner>

    func validate() throws {
        do {
            try EmbeddedBackend.checkLoopbackHost(host)
        } catch {
            throw ValidationError(
                localized(
                    "--host \(host) is not a loopback host. The emulator listens on 127.0.0.1 and ::1 only and has "
                        + "no access control, so its links must name 127.0.0.1, localhost or ::1."))
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
            backend = try EmbeddedBackend(configuration: configuration)
        } catch {
            if case .templates(let templates) = error {
                StandardError.write("authflow: \(templates.cliMessage)")
            } else {
                StandardError.write("authflow: \(error)")
            }
            throw Self.exitStatus(for: error).exitCode
        }

        // Signals are caught from here on, so Ctrl-C during the banner still stops cleanly.
        let signals = SignalWaiter()
        if format.json {
            console.write(
                bytes: JSONLineWriter.line([
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
                ]))
            let received = await signals.wait()
            backend.stop()
            StandardError.write("Stopped (\(EndingSignals.name(of: received))).")
            return
        }
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
        console.write("Stopped (\(EndingSignals.name(of: received))).")
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
