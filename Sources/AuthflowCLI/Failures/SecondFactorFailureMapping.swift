import AuthflowCore

extension CommandFailure {
    /// An SMS second factor that did not finish. A challenge that needs a person (no factor chosen, no code) is
    /// 5 while resolving a sign-in; a choice that names nothing is 2; what the user or server refused is 1; the
    /// phone flow's own failures keep their statuses.
    static func from(_ error: SecondFactorError, resolvingSignIn: Bool) -> CommandFailure {
        switch error {
        case .unresolvable, .factorNeeded:
            return CommandFailure(error.cliMessage, status: .secondFactorRequired)
        case .codeNeeded:
            return CommandFailure(error.cliMessage, status: resolvingSignIn ? .secondFactorRequired : .usage)
        case .unknownFactor(_, let factors) where factors.isEmpty:
            // Nothing to choose from is a fact about the account, not a mistyped choice.
            return CommandFailure(error.cliMessage, status: .refused)
        case .unknownFactor, .ambiguousFactor, .notAnSMSFactor:
            return CommandFailure(error.cliMessage, status: .usage)
        case .noPendingChallenge, .challengeExpired, .emailNotVerified, .alreadyEnrolled:
            return CommandFailure(error.cliMessage, status: .refused)
        case .challengeRejected(let server), .wrongCode(let server, _), .codeExpired(let server, _):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server.rawMessage)
        case .recentLoginRequired(let server, _, _):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server.rawMessage)
        case .unsupportedFirstFactor(let server, _):
            return CommandFailure(error.cliMessage, status: .refused, serverCode: server?.rawMessage)
        case .sms(let phone):
            return from(phone)
        case .signIn(let signIn):
            return from(signIn)
        case .session(let session):
            return from(session)
        case .totp(let problem):
            return from(problem, message: error.cliMessage, resolvingSignIn: resolvingSignIn)
        }
    }
}

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
