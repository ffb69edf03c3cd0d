import AuthflowBackend

/// What every step works with: the backend and its mailbox, the workspace, the narrator, and a way to run
/// `authflow` commands the way a user would.
struct DemoContext: Sendable {
    let settings: DemoSettings
    let backend: EmbeddedBackend
    let narrator: DemoNarrator
    let workspace: DemoWorkspace
    let environment: [String: String]

    var mailbox: BackendMailbox { BackendMailbox(backend: backend) }
    var interactive: Bool { settings.interactive }

    /// Shows and starts `authflow ARGUMENTS`; the caller types into it or waits for it.
    func start(_ arguments: [String], interactive: Bool = false) throws(DemoFailure) -> AuthflowRun {
        try AuthflowRun.start(
            arguments, executable: settings.executable, environment: environment, narrator: narrator,
            interactive: interactive)
    }

    /// Shows and runs `authflow ARGUMENTS` to its end; returns what it printed on standard output.
    @discardableResult
    func run(_ arguments: [String]) async throws(DemoFailure) -> String {
        let run = try start(arguments)
        try await run.finish()
        return run.standardOutput
    }

    /// Types a code into `run` once the backend has sent it; in interactive mode the person types it, so
    /// the tour only says what arrived.
    func answerSMS(to phoneNumber: String, after mark: BackendMailbox.Mark, in run: AuthflowRun) async throws(DemoFailure) {
        let code = try await mailbox.smsCode(to: phoneNumber, after: mark)
        if run.isInteractive {
            narrator.say("The backend \"texted\" \(phoneNumber) the code \(code). Type it where the command asks.")
        } else {
            narrator.say("The backend \"texted\" the code (as \(mailbox.codesURL) lists it); typing it in:")
            run.type(code)
        }
    }
}

extension DemoContext {
    /// `--browser CMD` when the user chose a browser for the interactive steps.
    var browserArguments: [String] {
        settings.browser.map { ["--browser", $0] } ?? []
    }
}
