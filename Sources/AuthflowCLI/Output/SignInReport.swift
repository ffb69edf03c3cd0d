import AuthflowCore
import AuthflowPrimitives

/// Writes the end of a sign-in the same way for every command: the session on standard output (a line, or
/// one JSON object). When the account also needs a second factor, the sign-in continues into it first
/// (``SecondFactorResolution``), so every first factor (password, email link, phone, identity providers)
/// gets the same resolution; when that cannot finish here, exit status 5 with the factors and a saved
/// challenge for `authflow mfa resolve`.
enum SignInReport {
    static func finish(
        _ result: SignInResult, purpose: SignInPurpose, json: Bool, secondFactor: SecondFactorContinuation,
        extraJSON: [(String, JSONValue)] = [], extraText: [String] = [], method: String = "email-link sign-in"
    ) async throws(CommandFailure) {
        switch result {
        case .signedIn(let session, let isNewUser):
            signedIn(
                session, purpose: purpose, isNewUser: isNewUser, json: json, extraJSON: extraJSON, extraText: extraText,
                method: method)
        case .secondFactorRequired(let challenge):
            let completed = try await SecondFactorResolution(continuation: secondFactor)
                .continueSignIn(challenge, json: json, extraJSON: extraJSON)
            signedIn(
                completed, purpose: challenge.purpose, json: json, extraJSON: extraJSON, extraText: extraText,
                method: method)
        }
    }

    /// A sign-in finished with its second factor.
    static func signedIn(
        _ completed: SecondFactorSignIn.Completed, purpose: SignInPurpose, json: Bool,
        extraJSON: [(String, JSONValue)] = [], extraText: [String] = [], method: String = "email-link sign-in"
    ) {
        signedIn(
            completed.session, purpose: purpose, isNewUser: false, json: json,
            extraJSON: extraJSON + SignInPresentation.secondFactorJSON(completed),
            extraText: [SignInPresentation.secondFactorText(completed)] + extraText, method: method)
    }

    private static func signedIn(
        _ session: UserSession, purpose: SignInPurpose, isNewUser: Bool, json: Bool, extraJSON: [(String, JSONValue)],
        extraText: [String], method: String
    ) {
        let output = StandardOutput()
        if json {
            output.write(
                bytes: JSONLineWriter.line(
                    SignInPresentation.json(session, purpose: purpose, isNewUser: isNewUser, extra: extraJSON)))
        } else {
            output.write(
                ([SignInPresentation.text(session, purpose: purpose, isNewUser: isNewUser, method: method)] + extraText)
                    .joined(separator: "\n") + "\n")
        }
        output.flush()
    }
}
