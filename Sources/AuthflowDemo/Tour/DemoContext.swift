import AuthflowBackend
import AuthflowLocalization

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

    /// Shows and runs `authflow ARGUMENTS` to its end, which must come with exit status `expected`; returns
    /// what it printed on standard output.
    @discardableResult
    func run(_ arguments: [String], expecting expected: Int32 = 0) async throws(DemoFailure) -> String {
        let run = try start(arguments)
        try await run.finish(expecting: expected)
        return run.standardOutput
    }

    /// Runs `authflow ARGUMENTS`, which texts `phoneNumber`, and answers with the code the backend sent
    /// (in interactive mode the command has the terminal and the person types it).
    func runAnsweringSMS(_ arguments: [String], to phoneNumber: String) async throws(DemoFailure) {
        let mark = mailbox.mark()
        let run = try start(arguments, interactive: interactive)
        do {
            try await answerSMS(to: phoneNumber, after: mark, in: run)
        } catch {
            await run.stop()
            throw error
        }
        try await run.finish()
    }

    /// Sends a sign-in link to `email` and completes it, as the email-link step does, with `expected` as the
    /// completing command's exit status.
    func signInWithEmailLink(_ email: String, expecting expected: Int32 = 0) async throws(DemoFailure) {
        let mark = mailbox.mark()
        try await run(["email-link", "send", email, "--continue-url", EmailLinkTourStep.continueURL])
        let link = try await mailbox.link("EMAIL_SIGNIN", to: email, after: mark)
        try await run(["email-link", "complete", link], expecting: expected)
    }

    /// Types a code into `run` once the backend has sent it; in interactive mode the person types it, so
    /// the tour only says what arrived.
    func answerSMS(
        to phoneNumber: String, after mark: BackendMailbox.Mark, in run: AuthflowRun
    ) async throws(DemoFailure) {
        let code = try await mailbox.smsCode(to: phoneNumber, after: mark)
        if run.isInteractive {
            narrator.say(
                localized(
                    "The backend \"texted\" \(phoneNumber) the code \(code). Type it where the command asks."))
        } else {
            narrator.say(localized("The backend \"texted\" the code (as \(mailbox.codesURL) lists it); typing it in:"))
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
