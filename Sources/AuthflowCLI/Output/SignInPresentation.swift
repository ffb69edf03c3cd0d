import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives

/// How the end of a sign-in is shown: a line for people, an object for scripts. Tokens and the pending
/// second-factor credential appear in neither.
enum SignInPresentation {
    /// `Signed in as ada@example.com (uid …) to demo (emulator …).` and what the link or command adds;
    /// `method` names what a link adds (email-link sign-in, the phone number).
    static func text(
        _ session: UserSession, purpose: SignInPurpose, isNewUser: Bool, method: String = "email-link sign-in"
    ) -> String {
        // From the server and the provider: escaped whole, so the line cannot be overwritten or extended.
        let who = TerminalText.escaped("\(session.email ?? session.phoneNumber ?? session.uid) (uid \(session.uid))")
        switch purpose {
        case .signIn:
            return isNewUser
                ? localized("Signed in as \(who) to \(session.project.cliLabel); the account was created.")
                : localized("Signed in as \(who) to \(session.project.cliLabel).")
        case .link:
            return localized("Linked \(method) to \(who) in \(session.project.cliLabel).")
        case .reauthenticate:
            return
                localized(
                    "Re-authenticated \(who) in \(session.project.cliLabel); sensitive changes are allowed "
                        + "for a few minutes.")
        }
    }

    /// The message for exit status 5: which factors the account has, how long the challenge is saved, and the
    /// command that finishes it.
    static func secondFactorMessage(_ pending: PendingSecondFactor) -> String {
        let who = pending.email ?? localized("This account")
        let onlyTOTP = pending.usableFactors.allSatisfy { $0.factorKind == .totp }
        let factors = FactorWording.lines(pending.factors).joined(separator: "; ")
        let until = TimeText.timestamp(pending.expiresAt)
        let command = resolveCommand(pending)
        if onlyTOTP {
            return localized(
                "\(who) also needs a second factor to \(pending.purpose.cliPhrase): \(factors). The sign-in is saved "
                    + "until \(until). Finish it with `\(command)` (on a terminal it asks for the code; else add "
                    + "--code CODE from the authenticator app), or pass --factor and --mfa-code or "
                    + "--mfa-code-command to the sign-in command.")
        }
        return localized(
            "\(who) also needs a second factor to \(pending.purpose.cliPhrase): \(factors). Nothing was texted yet; "
                + "the sign-in is saved until \(until). Finish it with `\(command)` (on a terminal it asks for the "
                + "code; else add --code-command CMD), or pass --factor and --mfa-code or --mfa-code-command to the "
                + "sign-in command.")
    }

    /// The command that finishes `pending`.
    static func resolveCommand(_ pending: PendingSecondFactor) -> String {
        pending.usableFactors.count == 1 ? "authflow mfa resolve" : "authflow mfa resolve --factor NUMBER"
    }

    /// The line added after a sign-in that passed a second factor.
    static func secondFactorText(_ completed: SecondFactorSignIn.Completed) -> String {
        localized("Second factor: \(FactorWording.label(completed.factor)).")
    }

    /// The members added to the JSON object of a sign-in that passed a second factor.
    static func secondFactorJSON(_ completed: SecondFactorSignIn.Completed) -> [(String, JSONValue)] {
        [
            ("secondFactor", SessionPresentation.factorJSON(completed.factor)),
            ("mfaVerifier", .string(completed.verifier.rawValue)),
            ("mfaCodeSource", .string(completed.codeOrigin.rawValue)),
        ]
    }

    /// The JSON object for a signed-in result: what happened, then the user as `whoami --json` shows it.
    static func json(
        _ session: UserSession, purpose: SignInPurpose, isNewUser: Bool, extra: [(String, JSONValue)] = []
    ) -> [(String, JSONValue)] {
        [("result", .string("signedIn")), ("purpose", .string(purpose.rawValue)), ("isNewUser", .bool(isNewUser))]
            + extra + [("user", .object(SessionPresentation.json(session)))]
    }

    /// The JSON object for exit status 5 when the challenge could not even be saved: the factors, without the
    /// pending credential.
    static func json(_ challenge: SecondFactorChallenge, extra: [(String, JSONValue)] = []) -> [(String, JSONValue)] {
        [
            ("result", .string("secondFactorRequired")), ("purpose", .string(challenge.purpose.rawValue)),
            ("firstFactor", .string(challenge.firstFactor)), ("email", .optional(challenge.email)),
        ] + extra + [("factors", .array(challenge.factors.map(SessionPresentation.factorJSON)))]
    }

    /// The JSON object for exit status 5 with a saved challenge: the factors (numbered as `--factor` counts
    /// them), when it expires, whether a code was texted, and the command that finishes it. Never the pending
    /// credential.
    static func json(
        _ pending: PendingSecondFactor, extra: [(String, JSONValue)], codeSentTo: String? = nil
    ) -> [(String, JSONValue)] {
        [
            ("result", .string("secondFactorRequired")), ("purpose", .string(pending.purpose.rawValue)),
            ("firstFactor", .string(pending.firstFactor)), ("email", .optional(pending.email)),
        ] + extra + [
            ("factors", .array(pending.factors.map(SessionPresentation.factorJSON))),
            ("codeSentTo", .optional(codeSentTo)),
            ("expiresAt", .string(TimeText.iso8601(pending.expiresAt))),
            (
                "resolveCommand",
                .string(codeSentTo == nil ? resolveCommand(pending) : "authflow mfa resolve --code CODE")
            ),
        ]
    }
}
