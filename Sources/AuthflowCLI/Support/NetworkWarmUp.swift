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

    /// Arguments after which the command line asks for something other than the command's run.
    private static let elsewhere: Set<String> = [
        "-h", "--help", "help", "--version", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// Whether `arguments` (the whole command line, the program first) run a command of ``commands``.
    static func applies(to arguments: [String]) -> Bool {
        let rest = arguments.dropFirst()
        guard commands.contains(where: { rest.starts(with: $0) }) else { return false }
        return !rest.contains(where: elsewhere.contains)
    }

    /// Starts preparing libcurl when ``applies(to:)``.
    static func start(for arguments: [String]) {
        if applies(to: arguments) { HTTPClient.prepareInBackground() }
    }
}
