import AuthflowCore

extension CommandFailure {
    /// A TOTP second factor that did not finish: a missing code is 5 while resolving a sign-in (the challenge
    /// waits for `mfa resolve`) and 2 when enrolling; a project without TOTP is 2 (configuration); a wrong or
    /// late code is 1; a failed code command is 2, as for SMS.
    static func from(_ problem: TOTPProblem, message: String, resolvingSignIn: Bool) -> CommandFailure {
        switch problem {
        case .codeNeeded:
            return CommandFailure(message, status: resolvingSignIn ? .secondFactorRequired : .usage)
        case .notEnabled(let server):
            return CommandFailure(message, status: .usage, serverCode: server.rawMessage)
        case .wrongCode(let server, _), .enrollmentExpired(let server):
            return CommandFailure(message, status: .refused, serverCode: server.rawMessage)
        case .codeCommand:
            return CommandFailure(message, status: .usage)
        case .notATOTPFactor:
            return CommandFailure(message, status: .usage)
        }
    }
}
