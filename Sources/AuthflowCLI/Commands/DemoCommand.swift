import ArgumentParser
import AuthflowDemo
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// `authflow demo`: every flow, end to end, against the embedded backend.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        _superCommandName: "authflow",
        abstract: "Walk through every sign-in flow against the embedded backend, showing each command.",
        discussion: """
            Starts the embedded backend (a local test and demo stand-in for Firebase Auth, like the Auth \
            Emulator; not a production identity server) on a free loopback port and runs authflow's own \
            commands against it: email-link sign-in with the link taken from the backend's mailbox, phone \
            sign-in with the SMS code the backend "sent", SMS multi-factor enrolment and a second-factor \
            sign-in, and Sign in with Apple through the backend's IdP page (driven by headless Chromium when \
            chromium and chromedriver are installed, else with an Apple ID token the tour makes). Each command \
            is printed as you would type it, with its output beneath.

            Nothing outside a private temporary directory is touched: your own sessions, pending flows and \
            desktop settings stay as they are. The directory is removed at the end, and kept when a step fails \
            or with --keep-state.

            With --interactive you do the browser steps and answer the prompts yourself.

            It exits 0 when every flow completed; otherwise with the failed command's own status, 2 for bad \
            usage, 3 when the backend or a tool the tour needs is unavailable, 130 on Ctrl-C.

            \(HelpEnding.text(statuses: AuthflowExitCode.allCases, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow demo",
        "authflow demo --interactive",
        "authflow demo --lang ko",
    ]

    @Flag(help: "Do the browser steps and type the codes yourself.")
    var interactive = false

    @Option(
        help: ArgumentHelp(
            "Only these flows, comma-separated: \(DemoStepKind.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "flows"),
        transform: DemoCommand.steps)
    var only: [DemoStepKind] = DemoStepKind.allCases

    @Flag(help: "Never drive headless Chromium; Sign in with Apple then uses an identity token the tour makes.")
    var noHeadlessBrowser = false

    @Flag(help: "Keep the demo's private state directory afterwards.")
    var keepState = false

    @Option(help: ArgumentHelp("A directory of branded page templates.", valueName: "dir"), completion: .directory)
    var templates: String?

    @Option(help: ArgumentHelp("The browser command for --interactive (%s is the URL).", valueName: "command"))
    var browser: String?

    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp("The tour's language, e.g. ko or en (else AUTHFLOW_LANG or the locale).", valueName: "code"))
    var language: String?

    func run() async throws {
        guard let executable = FilePath.runningExecutable() else {
            throw CommandFailure(
                localized(
                    "Cannot find the running authflow binary (/proc is not mounted?); the demo runs its "
                        + "commands."),
                status: .unavailable)
        }
        var settings = DemoSettings(
            executable: executable, interactive: interactive, keepState: keepState, steps: only,
            templates: TemplateDirectory.standard(explicit: templates), headlessBrowser: !noHeadlessBrowser,
            browser: browser,
            environment: ProcessEnvironment.current())
        // The tour's commands speak the tour's language, whichever way it was chosen.
        if let language {
            guard DisplayLanguage(parsing: language) != nil else {
                throw CommandFailure(
                    localized("--lang \(language) is not a language: give a BCP 47 tag such as ko or pt-BR."),
                    status: .usage)
            }
        }
        let chosen = MessageCatalogue.language
        settings.language =
            language == nil && ProcessEnvironment.current()["AUTHFLOW_LANG"] == nil
            ? nil : chosen.tag
        let tour = DemoTour(settings: settings)
        let signals = SignalWaiter()
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await tour.run() }
            group.addTask {
                let signal = await signals.wait()
                return signal == 0 ? nil : EndingSignals.exitStatus(for: signal)
            }
            var status: Int32 = 0
            for await finished in group {
                guard let finished else { continue }
                status = finished
                signals.cancel()
                group.cancelAll()
                // The tour's own status wins: it cleaned up and said what happened.
                if finished != SignalWaiter.interruptedStatus { break }
            }
            return status
        }
        // The tour reports its interruption as Ctrl-C's 130; another signal ends the demo with its own status.
        if status == AuthflowExitCode.interrupted.rawValue, SignalWaiter.firstReceived != nil {
            throw ExitCode(SignalWaiter.interruptedStatus)
        }
        if status != 0 { throw ExitCode(status) }
    }

    static func steps(_ text: String) throws -> [DemoStepKind] {
        var chosen = Set<DemoStepKind>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let kind = DemoStepKind(rawValue: name) else {
                throw ValidationError(
                    localized(
                        "Unknown flow '\(name)' in --only. Choose from: "
                            + "\(DemoStepKind.allCases.map(\.rawValue).joined(separator: ", "))."
                    )
                )
            }
            chosen.insert(kind)
        }
        guard !chosen.isEmpty else { throw ValidationError(localized("--only needs at least one flow.")) }
        return DemoStepKind.allCases.filter(chosen.contains)
    }
}
