import ArgumentParser
import AuthflowBackend
import AuthflowListener
import AuthflowLocalization
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
                ]))
            let received = await signals.wait()
            backend.stop()
            StandardError.write("Stopped (\(EndingSignals.name(of: received))).")
            return
        }
        let base = backend.baseURL
        let project = backend.projectID
        let pagesFrom = (try? pages.locate("backend-error.html"))?.location.path ?? localized("built-in")
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

                Point clients at it with:
                  export FIREBASE_AUTH_EMULATOR_HOST=\(backend.hostAndPort)
                  export FIREBASE_PROJECT_ID=\(project)

                SMS codes and email links appear below as they are sent. Press Ctrl-C to stop.
                """))
        let received = await signals.wait()
        backend.stop()
        console.write("Stopped (\(EndingSignals.name(of: received))).")
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
