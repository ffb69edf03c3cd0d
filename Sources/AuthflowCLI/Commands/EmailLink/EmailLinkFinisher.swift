import AuthflowCore
import AuthflowLocalization
import AuthflowParsing

/// Completes a sign-in link and reports the result; shared by `email-link complete` and `handle-url`, so a
/// link the desktop hands over is completed exactly as one passed on the command line.
struct EmailLinkFinisher {
    let context: CommandContext
    let inspector: LinkInspector

    /// Completes the link in `source`. `handoff` marks a run by the desktop, where nobody can pass
    /// `--email`: a missing address is then a refusal (1) that says which command to run instead.
    func run(
        _ source: EmailLinkSource, purpose: SignInPurpose, email: String?,
        askForEmail: EmailLinkCompletion.EmailQuestion?, json: Bool, secondFactor: SecondFactorOptions? = nil,
        handoff: Bool = false
    ) async throws(CommandFailure) {
        let completion = EmailLinkCompletion(
            try context.flowEnvironment(), inspector: inspector, askForEmail: askForEmail)
        let completed: EmailLinkCompletion.Completed
        do {
            completed = try await completion.complete(source, purpose: purpose, email: email)
        } catch {
            throw context.report(Self.failure(error, handoff: handoff))
        }
        let continueURL = completed.action.continueURL
        try await SignInReport.finish(
            completed.result, purpose: purpose, json: json,
            secondFactor: SecondFactorContinuation(context: context, options: secondFactor),
            extraJSON: [
                ("emailSource", .string(completed.emailSource.rawValue)), ("continueUrl", .optional(continueURL)),
                ("layers", .array(completed.inspection.layers.map { .string($0.description) })),
            ],
            extraText: continueURL.map { [localized("The link continues to \($0).")] } ?? [])
    }

    private static func failure(_ error: EmailLinkError, handoff: Bool) -> CommandFailure {
        var failure = CommandFailure.from(error)
        switch error {
        case .emailNeeded(let project) where handoff:
            failure = CommandFailure(
                localized(
                    "This email sign-in link must be completed with the address it was sent to, and none is pending "
                        + "for \(project.cliLabel) on this machine. Run "
                        + "`authflow email-link complete URL --email ADDRESS` "
                        + "with the link. The link was not used."),
                status: .refused)
        case .signIn(.service(.network)), .session(.service(.network)):
            failure.message +=
                " "
                + localized(
                    "If the request never reached Firebase, the link is still good: run the same "
                        + "command again when the network is back.")
        default:
            break
        }
        return failure
    }
}
