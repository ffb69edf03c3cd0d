import AuthflowPrimitives
import Foundation

/// A shell command that prints the SMS code (the CLI's `--code-command`), for CI, an SMS gateway, or the emulator's
/// `verificationCodes` endpoint; or a TOTP code, for automation that enrols or signs in with an authenticator.
///
/// It runs with `/bin/sh -c` after the SMS was sent, with the number and verification ID in its environment
/// (`AUTHFLOW_PHONE_NUMBER`, masked for a second factor whose full number the flow does not know;
/// `AUTHFLOW_VERIFICATION_ID`, by which the emulator lists codes), plus
/// `AUTHFLOW_PROJECT_ID` and, against an emulator, `AUTHFLOW_EMULATOR_HOST`. Its standard error is ours, so
/// its complaints reach the person; the first non-empty line of its standard output is the code.
public struct CodeProgram: Sendable {
    /// The command line, as given.
    public let command: String
    /// How long it may run.
    public let timeout: Duration

    /// A code is a few digits; output this long is not one.
    private static let outputLimit = 64 * 1024

    /// A command that may run for `timeout`.
    public init(_ command: String, timeout: Duration = .seconds(300)) {
        self.command = command
        self.timeout = timeout
    }

    /// Runs the command for the code texted as `sent` and returns the code it printed.
    public func code(for sent: SentSMSCode) async throws(PhoneSignInError) -> String {
        var environment = ProcessEnvironment.current()
        environment["AUTHFLOW_PHONE_NUMBER"] = sent.phoneNumber?.e164 ?? sent.recipient
        environment["AUTHFLOW_VERIFICATION_ID"] = sent.verificationID
        environment["AUTHFLOW_PROJECT_ID"] = sent.project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = sent.project.emulatorHost
        switch await program(environment).run() {
        case .line(let code):
            return code
        case .failure(let problem):
            throw .codeCommand(CodeProgramFailure(command: command, problem: problem, flow: sent.flow))
        }
    }

    /// Runs the command for a TOTP code: `AUTHFLOW_TOTP_URI` holds the `otpauth://` URI (secret included, so
    /// any TOTP implementation can compute the code), with `AUTHFLOW_PROJECT_ID` and `AUTHFLOW_EMULATOR_HOST`
    /// as for SMS. Without a URI (signing in, where the secret is not known) the variable is left out.
    public func totpCode(uri: String?, project: SessionProject) async throws(TOTPProblem) -> String {
        var environment = ProcessEnvironment.current()
        environment["AUTHFLOW_TOTP_URI"] = uri
        environment["AUTHFLOW_PROJECT_ID"] = project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = project.emulatorHost
        switch await program(environment).run() {
        case .line(let code):
            return code
        case .failure(let problem):
            throw .codeCommand(command: command, problem: problem)
        }
    }

    private func program(_ environment: [String: String]) -> FirstLineProgram {
        FirstLineProgram(command: command, environment: environment, timeout: timeout, limit: Self.outputLimit)
    }
}
