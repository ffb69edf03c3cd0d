import AuthflowIdentityToolkit

/// Why a TOTP second factor (enrolling one, or signing in with one) did not finish; carried by
/// ``SecondFactorError/totp(_:)``. A front end words each case and names its own commands.
public enum TOTPProblem: Error, Sendable {
    /// The project does not offer TOTP second factors (`TOTP_NOT_ENABLED`, or `OPERATION_NOT_ALLOWED`).
    case notEnabled(ServerError)
    /// The server refused the code; `enrolling` tells enrolment (start again with a new secret only after the
    /// window closes; the same secret works until then) from sign-in (the challenge stays saved).
    case wrongCode(ServerError, enrolling: Bool)
    /// The enrolment was finalized after `finalizeEnrollmentTime` (or its session is unknown): start again.
    case enrollmentExpired(ServerError)
    /// No code source gave a code. For sign-in the challenge stays saved for the factor `factorID`.
    case codeNeeded(enrolling: Bool, factorID: String?)
    /// The code command failed.
    case codeCommand(command: String, problem: CodeProgramFailure.Problem)
    /// The chosen factor is an SMS (or unknown) one, not TOTP.
    case notATOTPFactor(EnrolledFactor)
}
