import AuthflowLocalization

/// Words other tools use as commands (`gh auth login`, `firebase logout`, `git status`) that authflow names
/// differently: typed as `authflow WORD`, they get a pointer to authflow's commands instead of ArgumentParser's
/// "Unexpected argument", with the usage status (2).
enum ForeignCommandWording {
    /// Each word people type, and the authflow commands that do what they mean.
    static let pointers: [(words: [String], commands: [String])] = [
        (
            ["login", "log-in", "signin", "sign-in"],
            ["oauth sign-in", "email sign-in", "email-link send", "phone sign-in", "apple sign-in"]
        ),
        (["logout", "log-out", "signout", "logoff"], ["sign-out"]),
        (["status", "me", "user"], ["whoami --check"]),
        (["list", "ls"], ["sessions"]),
        (["version"], ["--version"]),
    ]

    /// The message for the command line `arguments` (the program first) when its first argument is such a word;
    /// nil otherwise.
    static func message(for arguments: [String]) -> String? {
        guard arguments.count > 1 else { return nil }
        let word = arguments[1]
        guard let pointer = pointers.first(where: { $0.words.contains(word) }) else { return nil }
        let commands = pointer.commands.map { "`authflow \($0)`" }.joined(separator: " / ")
        return localized(
            "`\(word)` is not an authflow command. Did you mean \(commands)? `authflow --help` lists every command.")
    }
}
