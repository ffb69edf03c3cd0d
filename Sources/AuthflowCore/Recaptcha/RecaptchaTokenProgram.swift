import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation

/// A shell command that prints a reCAPTCHA Enterprise token (the CLI's `--recaptcha-token-command`), for
/// automation where no browser can run: a headless browser script the user owns, or a service of theirs.
///
/// It runs with `/bin/sh -c`, with `AUTHFLOW_RECAPTCHA_ACTION` (e.g. `getOobCode`),
/// `AUTHFLOW_RECAPTCHA_SITE_KEY`, `AUTHFLOW_PROJECT_ID` and, against an emulator, `AUTHFLOW_EMULATOR_HOST`
/// in its environment; the first non-empty line of its standard output is the token.
public struct RecaptchaTokenProgram: RecaptchaTokenSource {
    /// The command line, as given.
    public let command: String
    /// How long it may run.
    public let timeout: Duration

    /// A command that may run for `timeout`.
    public init(_ command: String, timeout: Duration = .seconds(120)) {
        self.command = command
        self.timeout = timeout
    }

    /// A command runs without anyone's attention.
    public var isUnattended: Bool { true }

    /// Runs the command for `request` and returns the token it printed.
    public func token(for request: RecaptchaTokenRequest) async throws(RecaptchaProtectionError) -> String {
        var environment = ProcessEnvironment.current()
        environment["AUTHFLOW_RECAPTCHA_ACTION"] = request.action.rawValue
        environment["AUTHFLOW_RECAPTCHA_SITE_KEY"] = request.siteKey
        environment["AUTHFLOW_PROJECT_ID"] = request.project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = request.project.emulatorHost
        // Enterprise tokens run to a few kilobytes; far more is not one.
        let program = FirstLineProgram(command: command, environment: environment, timeout: timeout, limit: 256 * 1024)
        switch await program.run() {
        case .line(let token):
            return token
        case .failure(let problem):
            throw .tokenCommand(RecaptchaTokenProgramFailure(command: command, problem: problem))
        }
    }
}

/// Why the token command gave no token.
public struct RecaptchaTokenProgramFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command line, as given.
    public var command: String
    /// What went wrong (the same problems as an SMS code command's).
    public var problem: CodeProgramFailure.Problem

    /// A failure of `command`.
    public init(command: String, problem: CodeProgramFailure.Problem) {
        self.command = command
        self.problem = problem
    }

    public var description: String {
        let shown = "The reCAPTCHA token command \"\(command)\""
        return switch problem {
        case .notStarted(let reason): "\(shown) could not be started: \(reason)."
        case .stopped: "\(shown) was stopped."
        case .timedOut(let limit): "\(shown) printed no token within \(limit.components.seconds) seconds."
        case .failed(let end): "\(shown) \(end.summary); see its messages above. Nothing was sent."
        case .printedNothing: "\(shown) printed nothing on standard output; it must print the token."
        }
    }
}
