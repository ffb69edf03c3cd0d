import AuthflowCore

/// How the end of a sign-in is shown: a line for people, an object for scripts. Tokens and the pending
/// second-factor credential appear in neither.
enum SignInPresentation {
    /// `Signed in as ada@example.com (uid …) to demo (emulator …).` and what the link or command adds;
    /// `method` names what a link adds (email-link sign-in, the phone number).
    static func text(
        _ session: UserSession, purpose: SignInPurpose, isNewUser: Bool, method: String = "email-link sign-in"
    ) -> String {
        let who = "\(session.email ?? session.phoneNumber ?? session.uid) (uid \(session.uid))"
        switch purpose {
        case .signIn:
            return "Signed in as \(who) to \(session.project.label)" + (isNewUser ? "; the account was created." : ".")
        case .link:
            return "Linked \(method) to \(who) in \(session.project.label)."
        case .reauthenticate:
            return "Re-authenticated \(who) in \(session.project.label); sensitive changes are allowed for a few minutes."
        }
    }

    /// The message for exit status 5: which factors the account has and that they cannot be used yet.
    static func secondFactorMessage(_ challenge: SecondFactorChallenge) -> String {
        let factors = challenge.factors.map { factor -> String in
            let name = [factor.displayName.map { "\"\($0)\"" }, factor.phoneNumber].compactMap { $0 }.joined(separator: " ")
            return (name.isEmpty ? "" : name + " ") + "(id \(factor.id))"
        }
        let who = challenge.email ?? "This account"
        return "\(who) also needs a second factor to \(challenge.purpose.phrase): "
            + (factors.isEmpty ? "none was listed" : factors.joined(separator: ", "))
            + ". authflow cannot complete second factors yet, so nothing was stored; sign in with an account "
            + "without a second factor for now."
    }

    /// The JSON object for a signed-in result: what happened, then the user as `whoami --json` shows it.
    static func json(_ session: UserSession, purpose: SignInPurpose, isNewUser: Bool, extra: [(String, OrderedJSON)] = []) -> [(String, OrderedJSON)] {
        [("result", .string("signedIn")), ("purpose", .string(purpose.rawValue)), ("isNewUser", .bool(isNewUser))]
            + extra + [("user", .object(SessionPresentation.json(session)))]
    }

    /// The JSON object for exit status 5: the factors to choose from, without the pending credential.
    static func json(_ challenge: SecondFactorChallenge, extra: [(String, OrderedJSON)] = []) -> [(String, OrderedJSON)] {
        [
            ("result", .string("secondFactorRequired")), ("purpose", .string(challenge.purpose.rawValue)),
            ("firstFactor", .string(challenge.firstFactor)), ("email", .optional(challenge.email)),
        ] + extra + [("factors", .array(challenge.factors.map(SessionPresentation.factorJSON)))]
    }
}
