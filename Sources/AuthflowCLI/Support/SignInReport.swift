import AuthflowCore

/// Writes the end of a sign-in the same way for every command: the session on standard output (a line, or
/// one JSON object), or, when a second factor is required, the factors (JSON only) and exit status 5.
enum SignInReport {
    static func finish(
        _ result: SignInResult, purpose: SignInPurpose, json: Bool, extraJSON: [(String, OrderedJSON)] = [],
        extraText: [String] = [], method: String = "email-link sign-in"
    ) throws(CommandFailure) {
        let output = StandardOutput()
        switch result {
        case .signedIn(let session, let isNewUser):
            if json {
                output.write(bytes: OrderedJSON.line(
                    SignInPresentation.json(session, purpose: purpose, isNewUser: isNewUser, extra: extraJSON)))
            } else {
                output.write(([SignInPresentation.text(session, purpose: purpose, isNewUser: isNewUser, method: method)] + extraText)
                    .joined(separator: "\n") + "\n")
            }
            output.flush()
        case .secondFactorRequired(let challenge):
            if json {
                output.write(bytes: OrderedJSON.line(SignInPresentation.json(challenge, extra: extraJSON)))
                output.flush()
            }
            throw CommandFailure(SignInPresentation.secondFactorMessage(challenge), status: .secondFactorRequired)
        }
    }
}
