import AuthflowHTTP

/// Starts opening and initialising libcurl on a second thread as soon as the command line names a command that
/// always asks the server, so that work (~11.5 M instructions for libcurl and its dependencies, ~2.4 M for its
/// initialisation, callgrind) overlaps the argument parse (~21 M) on another core instead of following it. Commands
/// not listed open nothing until they fetch, as before; help requests and root flags are left alone. The opening is
/// CSharedLibrary's single once-only resolver and the initialisation AuthflowHTTP's once-only global: the first
/// request waits for them if they are still under way, and a missing libcurl is reported there, worded as always.
enum NetworkWarmUp {
    /// Leaf commands (their names on the command line) that send a request on every successful parse.
    static let commands: [[String]] = [
        ["email-link", "send"],
        ["email-link", "complete"],
        ["email", "sign-in"],
    ]

    /// Help requests after a leaf's names; ArgumentParser answers them without running the command.
    private static let help: Set<String> = ["-h", "--help"]

    /// Whether `arguments` (the whole command line, the program first) run a command of ``commands``: they name
    /// it as ``DirectRoute/match(_:)`` reads command lines (root flags leave it to the root) and ask for no help.
    static func applies(to arguments: [String]) -> Bool {
        guard let (leaf, rest) = DirectRoute.match(arguments), commands.contains(leaf.names) else { return false }
        return !rest.contains(where: help.contains)
    }

    /// Starts preparing libcurl when ``applies(to:)``.
    static func start(for arguments: [String]) {
        if applies(to: arguments) { HTTPClient.prepareInBackground() }
    }
}
