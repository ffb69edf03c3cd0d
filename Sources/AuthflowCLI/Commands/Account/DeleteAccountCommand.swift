import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow delete-account`: delete the signed-in user's account for good.
struct DeleteAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account",
        _superCommandName: "authflow",
        abstract: "Delete the signed-in user's Firebase account (asks first unless --yes).",
        discussion: """
            Deletes the account on the server and then forgets the local session. Firebase may require a \
            recent sign-in for this; if so, sign in again (or re-authenticate) and run it again right away.

            For an account that signs in with Apple, Apple requires its token to be revoked first. After \
            `authflow apple sign-in --reauth` (or `authflow oauth sign-in --provider apple.com --reauth`) authflow \
            keeps Apple's access token for \(AppleAccessToken.lifetimeMinutes) minutes, and this command revokes \
            it and then deletes, in one step. Otherwise it refuses until `authflow apple revoke` has revoked an \
            authorization code for the signed-in user in the last \(AppleTokenRevocation.validityMinutes) \
            minutes. The order: \(AppleTokenRevocation.order) \
            --skip-apple-revocation deletes without it (for emulators, which cannot revoke).

            \(HelpEnding.text(statuses: AuthflowExitCode.online + [.interrupted], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow delete-account",
        "authflow delete-account --yes --json",
    ]

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @Flag(help: "Do not ask for confirmation (needed when standard input is not a terminal).")
    var yes = false

    @Flag(
        name: .customLong("skip-apple-revocation"),
        help: "Delete an Apple account without revoking its Apple token first.")
    var skipAppleRevocation = false

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let (_, session) = try context.requireSession()
        let who = session.email ?? session.phoneNumber ?? session.uid
        let environment = try context.flowEnvironment()
        let apple = AppleTokenRevocation(environment)
        var revokeKeptToken = false
        if !skipAppleRevocation, apple.deletionNeedsRevocation(session) {
            revokeKeptToken = apple.hasKeptAccessToken(for: session)
        }
        if !skipAppleRevocation, apple.deletionNeedsRevocation(session), !revokeKeptToken {
            throw CommandFailure(
                localized(
                    "\(who) signs in with Apple, and Apple requires its token to be revoked before the account is "
                        + "deleted. "
                        + "Do it in this order: \(AppleTokenRevocation.order) Nothing was deleted."),
                status: .usage)
        }
        if !yes {
            guard Terminal.isInteractive else {
                throw CommandFailure(
                    localized(
                        "Refusing to delete \(who) without confirmation: standard input is not a terminal. "
                            + "Pass --yes."),
                    status: .usage)
            }
            let answer = Terminal.prompt(
                localized(
                    "Delete the account \(who) (uid \(session.uid)) from \(context.projectLabel)? This cannot be "
                        + "undone. "
                        + "Type \"delete\" to confirm: "))
            guard answer?.trimmingCharacters(in: .whitespaces).lowercased() == "delete" else {
                throw CommandFailure(localized("Not deleted."), status: .refused)
            }
        }
        if revokeKeptToken {
            do {
                _ = try await apple.revokeKeptAccessToken(for: session)
            } catch {
                throw context.report(.from(error))
            }
            StandardError.write(
                localized("Revoked the Apple access token of \(who) (kept from `authflow apple sign-in --reauth`)."))
        }
        do {
            _ = try await AccountService(environment).deleteAccount()
        } catch {
            if case .rejected(let server) = error, server.code == .credentialTooOldLoginAgain {
                throw context.report(
                    CommandFailure(
                        localized(
                            "Firebase wants a recent sign-in before deleting an account. Sign in again as \(who), "
                                + "then run `authflow delete-account` right away. Nothing was deleted."),
                        status: .refused, serverCode: server.rawMessage))
            }
            throw context.report(.from(error))
        }
        apple.forget()
        if format.json {
            let standardOutput = StandardOutput()
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("deleted", .bool(true)),
                    ("uid", .string(session.uid)),
                    ("email", .optional(session.email)),
                    ("projectId", .string(session.project.projectID)),
                    ("appleTokenRevoked", .bool(revokeKeptToken)),
                ]))
            standardOutput.flush()
            return
        }
        StandardError.write(localized("Deleted the account \(who) from \(context.projectLabel) and signed out."))
    }
}
