import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import Foundation

/// The `authflow` command.
@main
struct Authflow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authflow",
        abstract: "Run Firebase Authentication's browser-based sign-in flows from Linux.",
        discussion: AuthflowExitCode.table(for: AuthflowExitCode.allCases),
        version: AuthflowVersion.current,
        subcommands: [
            LinkCommand.self,
            ConfigCommand.self,
            AppCheckCommand.self,
            WhoamiCommand.self,
            SessionsCommand.self,
            TokenCommand.self,
            SignOutCommand.self,
            DeleteAccountCommand.self,
            EmailLinkCommand.self,
            EmailCommand.self,
            PhoneCommand.self,
            OAuthCommand.self,
            AppleCommand.self,
            MFACommand.self,
            EmulatorCommand.self,
            DemoCommand.self,
            ListenCommand.self,
            HandleURLCommand.self,
            RegisterSchemeCommand.self,
            UnregisterSchemeCommand.self,
        ]
    )

    /// Runs the command, mapping argument errors to exit status 2 (ArgumentParser's default is 64) so that
    /// every usage problem has the one documented status.
    static func main() async {
        // A closed pipe (`| head`, a caller that stopped reading) is a write error, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        MissingLibraryHandler.install()
        LanguageArgument.activate()
        // Arguments reach Swift with invalid UTF-8 quietly replaced; a link or address damaged that way must
        // be refused, not inspected in its repaired form.
        if let position = RawArguments.firstNonUTF8() {
            StandardError.write("authflow: \(ArgumentWording.notUTF8(position: position))")
            Self.exit(withError: ExitCode(AuthflowExitCode.usage.rawValue))
        }
        if VersionFastPath.applies(to: CommandLine.arguments) {
            VersionFastPath.answer()
            return
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            StandardError.write("authflow: \(failure.shownMessage)")
            Self.exit(withError: ExitCode(failure.status.rawValue))
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error))
                Self.exit(withError: ExitCode(AuthflowExitCode.usage.rawValue))
            }
            Self.exit(withError: error)
        }
    }
}
