import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `authflow` command.
@main
struct Authflow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authflow",
        abstract: "Run Firebase Authentication's browser-based sign-in flows from Linux.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.allCases,
            examples: [
                "authflow demo",
                "authflow oauth sign-in --provider github.com",
                "authflow whoami --check",
            ]),
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
        // SIGQUIT asks authflow to quit; it is no crash. The Swift runtime's crash reporter catches it (and printed a
        // backtrace, then left the process running); with the default action back, it ends authflow as the other
        // ending signals do (EndingSignals): through a wait's handler or ChildGroups', else by the default action.
        signal(SIGQUIT, SIG_DFL)
        MissingLibraryHandler.install()
        LanguageArgument.activate()
        // Arguments reach Swift with invalid UTF-8 quietly replaced; a link or address damaged that way must
        // be refused, not inspected in its repaired form.
        if let position = RawArguments.firstNonUTF8() {
            StandardError.write("authflow: \(ArgumentWording.notUTF8(position: position))")
            end(.usage)
        }
        if VersionFastPath.applies(to: CommandLine.arguments) {
            VersionFastPath.answer()
            return
        }
        do {
            // Ahead of the warm-up, which it does not need; when a waiting flow takes the URL the command ends
            // here without an async call, so no worker thread is started.
            if let url = HandoffFastPath.url(in: CommandLine.arguments) {
                try await HandoffFastPath.handOver(url)?.run()
                return
            }
            LibraryWarmUp.start(for: CommandLine.arguments)
            let arguments = EmulatorCommand.withExportOnExitValue(CommandLine.arguments)
            if let parsed = DirectRoute.parse(arguments) {
                try await parsed.run()
                return
            }
            if let pointer = ForeignCommandWording.message(for: arguments) {
                StandardError.write("authflow: \(pointer)")
                end(.usage)
            }
            var command = try parseAsRoot(Array(arguments.dropFirst()))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            StandardError.write("authflow: \(failure.shownMessage)")
            // Ended by a signal: that signal's status (128 + its number), whichever one it was.
            if failure.status == .interrupted { Foundation.exit(SignalWaiter.interruptedStatus) }
            end(failure.status)
        } catch {
            switch exitCode(for: error) {
            case .validationFailure:
                StandardError.write(fullMessage(for: error))
                end(.usage)
            case .success:
                // A help request: its exit statuses and examples go last (`HelpEnding`).
                let original = fullMessage(for: error)
                let message = HelpEnding.placedLast(original)
                guard message != original else { Self.exit(withError: error) }
                let output = StandardOutput()
                output.write(bytes: Array(message.utf8))
                output.flush()
                end(.success)
            default:
                Self.exit(withError: error)
            }
        }
    }

    /// Exits with `status`, as `exit(withError: ExitCode(…))` does for a status without a message, but without
    /// the usage text ArgumentParser composes for every error before finding it has nothing to print (~1.2 M
    /// instructions on each failing command, callgrind).
    private static func end(_ status: AuthflowExitCode) -> Never {
        Foundation.exit(status.rawValue)
    }
}

/// The command line as the kernel passed it, before Swift repairs invalid UTF-8 into U+FFFD.
enum RawArguments {
    /// The 1-based position of the first argument that is not valid UTF-8, or nil.
    static func firstNonUTF8() -> Int? {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return nil }
        for index in 1..<count {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(pointer)
            let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
            if String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) == nil { return index }
        }
        return nil
    }
}
