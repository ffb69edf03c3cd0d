import ArgumentParser
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowLocalization

/// `authflow apple revoke --authorization-code CODE`: revoke the signed-in user's Apple token before the
/// account is deleted, as Apple requires.
struct AppleRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        _superCommandName: "authflow",
        abstract: "Revoke the signed-in user's Apple token (required before deleting an Apple account).",
        discussion: """
            Apple requires apps that offer Sign in with Apple to revoke the user's Apple tokens when the account \
            is deleted. The order is: \(AppleTokenRevocation.order)

            CODE is the authorization code from Apple's response to a fresh authorization (`code` in Apple's \
            form post, or authorizationCode on Apple platforms); it is single-use and valid for about five \
            minutes. Pass - to read it from standard input. authflow sends it to Firebase's revokeToken with the \
            signed-in user's ID token and remembers the revocation for \
            \(AppleTokenRevocation.validityMinutes) minutes, so `authflow delete-account` can proceed.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow apple revoke --authorization-code \"$CODE\"",
        "authflow apple revoke --authorization-code - --json",
    ]

    @Option(
        name: .customLong("authorization-code"),
        help: ArgumentHelp("Apple's authorization code, or - to read it from standard input.", valueName: "code"))
    var authorizationCode: String

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let (_, session) = try context.requireSession()
        let who = session.email ?? session.phoneNumber ?? session.uid
        guard
            session.providerIDs.contains(AppleCredential.providerID)
                || session.signInProvider == AppleCredential.providerID
        else {
            throw CommandFailure(
                localized(
                    "The signed-in user \(who) does not sign in with Apple, so there is no Apple token to revoke. "
                        + "`authflow delete-account` needs no revocation for it."),
                status: .refused)
        }
        let code = try await AppleSignInCommand.readToken(authorizationCode)
        let revocation = AppleTokenRevocation(try context.flowEnvironment())
        do {
            _ = try await revocation.revoke(authorizationCode: code)
        } catch {
            throw context.report(Self.failure(error))
        }
        if format.json {
            let output = StandardOutput()
            output.write(
                bytes: JSONLineWriter.line([
                    ("result", .string("revoked")), ("uid", .string(session.uid)), ("email", .optional(session.email)),
                    ("next", .string("authflow delete-account")),
                ]))
            output.flush()
        } else {
            StandardError.write(
                localized(
                    "Revoked the Apple token of \(who) (uid \(session.uid)). Now delete the account with "
                        + "`authflow delete-account` within \(AppleTokenRevocation.validityMinutes) minutes."))
        }
    }

    /// The emulator lists revokeToken but does not implement it; the rest as for any session call.
    static func failure(_ error: SessionError) -> CommandFailure {
        if case .rejected(let server) = error, server.code == .notImplemented {
            return CommandFailure(
                localized(
                    "This backend does not implement revokeToken (the Auth Emulator answers 501). Against an "
                        + "emulator there is no Apple token to revoke: run "
                        + "`authflow delete-account --skip-apple-revocation`."),
                status: .refused, serverCode: server.rawMessage)
        }
        if case .rejected(let server) = error, server.code == .invalidIdpResponse {
            var failure = CommandFailure.from(error)
            failure.message = localized(
                "Firebase refused the revocation: \(server.cliMessage) Apple's authorization codes are "
                    + "single-use and expire after about five minutes; re-authenticate with Apple for a fresh one.")
            return failure
        }
        return .from(error)
    }
}
