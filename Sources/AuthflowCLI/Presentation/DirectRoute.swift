import ArgumentParser

/// `authflow SUBCOMMAND …` parsed by ArgumentParser from the subcommand alone (`Command.parseAsRoot(rest)`), when
/// the arguments name a leaf command and nothing else is asked of the root: the subcommand's own declaration is
/// still the only definition of its arguments, and the parse is ArgumentParser's. What it skips (callgrind,
/// BENCHMARKS.md 2026-11-24 argparse): building the whole command tree (every command's configuration), reflecting
/// over the root and group commands, and the dynamic cast of the parsed command to `AsyncParsableCommand`, each
/// a first protocol-conformance lookup that walks every record in the binary (handle-url 24.9 M → 19.5 M
/// instructions). Each leaf's configuration names `authflow` as its `_superCommandName`, which ArgumentParser reads
/// only from the command it parses from: the root never has one, and a leaf parsed on its own then skips the
/// `--generate-completion-script` check (two pseudo-commands parsed over the arguments; 19.5 M → 17.6 M), which
/// the root route still makes for every command line.
///
/// Only a successful parse is taken from here. Anything else (help, `--version`, a completion request, any
/// error) returns nil and the caller parses the whole command line from the root, so help, errors and exit
/// statuses are ArgumentParser's root-route output, unchanged. `DirectRouteTests` runs a corpus of command lines
/// through both routes and checks they agree.
enum DirectRoute {
    /// Every leaf command under `authflow`, by its names on the command line. `DirectRouteTests` checks this
    /// against ArgumentParser's own tree, so a command added there and not here only loses the shortcut.
    static let leaves: [Leaf] = [
        Leaf(["link", "inspect"], LinkInspectCommand.self),
        Leaf(["config", "show"], ConfigShowCommand.self),
        Leaf(["app-check", "token"], AppCheckObtainCommand.self),
        Leaf(["whoami"], WhoamiCommand.self),
        Leaf(["sessions"], SessionsCommand.self),
        Leaf(["token"], TokenCommand.self),
        Leaf(["sign-out"], SignOutCommand.self),
        Leaf(["delete-account"], DeleteAccountCommand.self),
        Leaf(["email-link", "send"], EmailLinkSendCommand.self),
        Leaf(["email-link", "complete"], EmailLinkCompleteCommand.self),
        Leaf(["email", "methods"], EmailMethodsCommand.self),
        Leaf(["email", "sign-in"], EmailSignInCommand.self),
        Leaf(["email", "verify"], EmailVerifyCommand.self),
        Leaf(["phone", "sign-in"], PhoneSignInCommand.self),
        Leaf(["phone", "verify"], PhoneVerifyCommand.self),
        Leaf(["oauth", "sign-in"], OAuthSignInCommand.self),
        Leaf(["oauth", "unlink"], OAuthUnlinkCommand.self),
        Leaf(["apple", "sign-in"], AppleSignInCommand.self),
        Leaf(["apple", "nonce"], AppleNonceCommand.self),
        Leaf(["apple", "revoke"], AppleRevokeCommand.self),
        Leaf(["mfa", "enroll"], MFAEnrollCommand.self),
        Leaf(["mfa", "list"], MFAListCommand.self),
        Leaf(["mfa", "unenroll"], MFAUnenrollCommand.self),
        Leaf(["mfa", "resolve"], MFAResolveCommand.self),
        Leaf(["emulator"], EmulatorCommand.self),
        Leaf(["demo"], DemoCommand.self),
        Leaf(["listen"], ListenCommand.self),
        Leaf(["handle-url"], HandleURLCommand.self),
        Leaf(["register-scheme"], RegisterSchemeCommand.self),
        Leaf(["unregister-scheme"], UnregisterSchemeCommand.self),
    ]

    /// Flags the root answers whichever command they follow (its version, the completion scripts, the help dump);
    /// a command line holding one, even as a value, is left to the root.
    private static let rootFlags = ["--version", "--generate-completion-script", "--experimental-dump-help"]

    /// The command `arguments` (the whole command line, the program first) parse to, ready to run, or nil when
    /// they must go through the root. What validation writes to standard error is held until the parse is kept.
    static func parse(_ arguments: [String]) -> Parsed? {
        guard let (leaf, rest) = match(arguments) else { return nil }
        return StandardError.holdingLines { leaf.parse(rest) }
    }

    /// The leaf `arguments` name and the arguments after its names; nil when they name none or hold a root flag.
    static func match(_ arguments: [String]) -> (leaf: Leaf, rest: [String])? {
        for leaf in leaves {
            let end = 1 + leaf.names.count
            guard arguments.count >= end, arguments[1..<end].elementsEqual(leaf.names) else { continue }
            let rest = Array(arguments[end...])
            for argument in rest where rootFlags.contains(where: { argument.hasPrefix($0) }) { return nil }
            if rest.contains("---completion") { return nil }
            return (leaf, rest)
        }
        return nil
    }

    /// A parsed command and how to run it.
    struct Parsed {
        /// The command with its arguments.
        let command: any ParsableCommand
        /// Runs it (asynchronously when it is an `AsyncParsableCommand`).
        let run: () async throws -> Void
    }

    /// A leaf command: its names and how to parse it on its own.
    struct Leaf: Sendable {
        /// Its names after `authflow`, e.g. `["email-link", "send"]`.
        let names: [String]
        /// The command type.
        let command: any ParsableCommand.Type
        /// Parses the arguments after the names; nil unless they parse to the command.
        let parse: @Sendable ([String]) -> Parsed?

        init<Command: AsyncParsableCommand>(_ names: [String], _ command: Command.Type) {
            self.init(names, command) { parsed in
                var command = parsed
                try await command.run()
            }
        }

        init<Command: ParsableCommand>(_ names: [String], _ command: Command.Type) {
            self.init(names, command) { parsed in
                var command = parsed
                try command.run()
            }
        }

        /// The leaf `command` under `names`, run by `run` once parsed (awaiting or not, as the command's kind says).
        private init<Command: ParsableCommand>(
            _ names: [String], _ command: Command.Type, run: @escaping @Sendable (Command) async throws -> Void
        ) {
            self.names = names
            self.command = command
            parse = { rest in
                guard let parsed = DirectRoute.parse(Command.self, rest) else { return nil }
                return Parsed(command: parsed, run: { try await run(parsed) })
            }
        }
    }

    private static func parse<Command: ParsableCommand>(
        _ command: Command.Type, _ rest: [String]
    ) -> Command? {
        return (try? command.parseAsRoot(rest)) as? Command
    }
}
