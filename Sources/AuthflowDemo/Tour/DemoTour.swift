import AuthflowBackend
import AuthflowLocalization

/// `authflow demo`: starts the embedded backend on a free loopback port, then walks through every flow with
/// authflow's own commands, showing each command as a user would type it and its output beneath.
///
/// The commands run in a private workspace (``DemoWorkspace``) against the backend, so the user's own
/// sessions and settings are never touched. The tour stops at the first step that fails and keeps the
/// workspace for a look.
public struct DemoTour: Sendable {
    /// The API key the tour's commands send; the backend, like the emulator, takes any non-empty key.
    static let apiKey = "fake-api-key"

    private let settings: DemoSettings
    private let narrator: DemoNarrator

    /// A tour with `settings`, written by `narrator`.
    public init(settings: DemoSettings, narrator: DemoNarrator = DemoNarrator()) {
        self.settings = settings
        self.narrator = narrator
    }

    /// Runs the tour; returns the exit status: 0 when every step signed in, else the failed step's.
    public func run() async -> Int32 {
        let workspace: DemoWorkspace
        let backend: EmbeddedBackend
        do {
            workspace = try DemoWorkspace.create(environment: settings.environment)
        } catch {
            narrator.raw("authflow demo: \(error)\n")
            return error.exitStatus
        }
        do {
            backend = try EmbeddedBackend(configuration: .init(templates: settings.templates))
        } catch {
            workspace.remove()
            narrator.raw(localized("authflow demo: the embedded backend did not start: \(error)\n"))
            return 3
        }
        defer { backend.stop() }
        let context = DemoContext(
            settings: settings, backend: backend, narrator: narrator, workspace: workspace,
            environment: workspace.environment(
                backendHost: backend.hostAndPort, projectID: backend.projectID, apiKey: Self.apiKey,
                inheriting: settings.environment, language: settings.language))
        introduce(context)

        var achieved: [String] = []
        for (index, kind) in settings.steps.enumerated() {
            narrator.heading(index + 1, kind.title)
            do throws(DemoFailure) {
                if Task.isCancelled { throw DemoFailure.interrupted }
                achieved.append(try await kind.step.run(in: context))
                narrator.passed(achieved.last ?? "")
            } catch {
                let error = Task.isCancelled ? DemoFailure.interrupted : error
                narrator.failed(error.description)
                if error == .interrupted {
                    workspace.remove()
                    return error.exitStatus
                }
                let run = DemoInvocation.of(settings).command
                narrator.raw(
                    localized(
                        "\nThe tour stopped at step \(index + 1) (\(kind.rawValue)). Its state is kept for a look:\n"
                            + "  \(workspace.path)\nRun just that flow again with: \(run) demo --only "
                            + "\(kind.rawValue)\n\n"))
                return error.exitStatus
            }
        }
        conclude(achieved, context)
        return 0
    }

    private func introduce(_ context: DemoContext) {
        let backend = context.backend
        let invocation = DemoInvocation.of(settings)
        let run = invocation.command
        narrator.raw(
            localized(
                "authflow demo: every sign-in flow, end to end, against the embedded backend.\n"
                    + "The backend stands in for Firebase Auth the way the Auth Emulator does (`\(run) emulator`); "
                    + "it is\na test and demo backend, not a production identity server.\n\n"
                    + "  Backend:  \(backend.baseURL) (project \(backend.projectID))\n"
                    + "  State:    \(context.workspace.path)\n\n"
                    + "Every command below is authflow's own, run with these settings. To try them yourself, start\n"
                    + "`\(run) emulator` in another shell, then:\n"))
        narrator.raw(
            "  export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 FIREBASE_PROJECT_ID=\(backend.projectID) "
                + "FIREBASE_API_KEY=\(Self.apiKey)\n")
        if let built = invocation.buildDirectory {
            // A checkout's build is not on PATH: the commands below are typed as shown once it is.
            narrator.raw(
                "  export PATH=\(ShellQuoting.word(built)):\"$PATH\"   "
                    + localized("# this checkout's authflow, so the commands below run as typed") + "\n")
        }
        narrator.raw("\n")
    }

    private func conclude(_ achieved: [String], _ context: DemoContext) {
        let kept = settings.keepState
        if !kept { context.workspace.remove() }
        let done = localized(
            one: "Done: \(achieved.count) of \(achieved.count) flows completed:",
            other: "Done: \(achieved.count) of \(achieved.count) flows completed:", count: achieved.count)
        let state =
            kept
            ? localized("State kept in \(context.workspace.path).")
            : localized("The backend is stopped and the demo's state removed.")
        narrator.raw(
            "\n\(done)\n" + achieved.map { "  - " + $0 + "\n" }.joined() + state + "\n"
                + localized(
                    "Against a real project, set FIREBASE_API_KEY, FIREBASE_PROJECT_ID (or point --config at "
                        + "GoogleService-Info.plist) and leave FIREBASE_AUTH_EMULATOR_HOST unset; "
                        + "see docs/getting-started.md."
                )
                + "\n\n")
    }
}
