import Foundation

/// A shell command that prints the SMS code (the CLI's `--code-command`), for CI, an SMS gateway, or the emulator's
/// `verificationCodes` endpoint.
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

    /// A command that may run for `timeout`.
    public init(_ command: String, timeout: Duration = .seconds(300)) {
        self.command = command
        self.timeout = timeout
    }

    /// Runs the command for the code texted as `sent` and returns the code it printed.
    public func code(for sent: SentSMSCode) async throws(PhoneSignInError) -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["AUTHFLOW_PHONE_NUMBER"] = sent.phoneNumber?.e164 ?? sent.recipient
        environment["AUTHFLOW_VERIFICATION_ID"] = sent.verificationID
        environment["AUTHFLOW_PROJECT_ID"] = sent.project.projectID
        environment["AUTHFLOW_EMULATOR_HOST"] = sent.project.emulatorHost
        let program = FirstLineProgram(
            command: command, environment: environment, timeout: timeout,
            limit: 64 * 1024)  // A code is a few digits; anything this long is not one.
        switch await program.run() {
        case .line(let code):
            return code
        case .failure(let problem):
            throw .codeCommand(CodeProgramFailure(command: command, problem: problem, flow: sent.flow))
        }
    }
}
