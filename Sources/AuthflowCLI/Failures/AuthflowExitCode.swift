import ArgumentParser

/// The exit statuses authflow documents (README, `authflow --help`). Scripts rely on these numbers.
enum AuthflowExitCode: Int32, CaseIterable {
    /// Done.
    case success = 0
    /// The user or the server refused: wrong code, expired link, no such account, not signed in; for
    /// `link inspect`, nothing recognised or a short link that no longer exists.
    case refused = 1
    /// Bad usage or unusable input (not a URL, unreadable file, invalid configuration).
    case usage = 2
    /// The network or the backend is unavailable: offline, DNS, refused connection, TLS, timeout, 5xx.
    case unavailable = 3
    /// Timed out waiting for the browser.
    case browserTimeout = 4
    /// A second factor is required and cannot be resolved without a terminal.
    case secondFactorRequired = 5
    /// Interrupted with Ctrl-C (128 + SIGINT, as shells report it). Another signal that ends authflow exits with
    /// 128 + its number instead (``EndingSignals``; `SignalWaiter.interruptedStatus`).
    case interrupted = 130

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The statuses every command can end with: done, and bad usage or configuration.
    static let always: [AuthflowExitCode] = [.success, .usage]

    /// The statuses of a command that talks to Firebase Auth: done, refused, bad usage, network.
    static let online: [AuthflowExitCode] = [.success, .refused, .usage, .unavailable]

    /// The statuses of a command that signs in through a browser and may need a second factor.
    static let browserSignIn: [AuthflowExitCode] = online + [.browserTimeout, .secondFactorRequired, .interrupted]

    /// The help line's wording, already short enough to need no wrapping at 80 columns.
    var helpWording: [String] {
        switch self {
        case .success: ["success"]
        case .refused: ["refused by the user or the server (wrong code, expired link,", "not signed in)"]
        case .usage: ["usage error or unusable input"]
        case .unavailable:
            ["network or backend unavailable (offline, DNS, connection refused,", "TLS, timeout, server error)"]
        case .browserTimeout: ["timed out waiting for the browser"]
        case .secondFactorRequired: ["second factor required but not resolvable non-interactively"]
        case .interrupted:
            [
                "interrupted (Ctrl-C) while waiting; another signal: 128 + its number",
                "(SIGHUP 129, SIGQUIT 131, SIGTERM 143)",
            ]
        }
    }

    /// The "Exit status:" block for the end of a command's discussion, listing only `codes` (in numeric
    /// order). Every line fits in 80 columns, so argument-parser's wrapping leaves it as is; a description
    /// that continues goes on an indented line under its first line.
    static func table(for codes: [AuthflowExitCode]) -> String {
        // Sorted, then each status once: a `Set` here instantiated `Set<AuthflowExitCode>` when the root command's
        // configuration was built, which is on every command's start, and its first `Hashable` lookup scanned all
        // of the binary's conformance records (~0.3 M instructions, callgrind).
        let sorted = codes.sorted { $0.rawValue < $1.rawValue }
        var lines = ["Exit status:"]
        for (position, code) in sorted.enumerated() where position == 0 || sorted[position - 1] != code {
            let number = String(code.rawValue)
            let label = String(repeating: " ", count: max(0, 3 - number.count)) + number + "  "
            for (index, part) in code.helpWording.enumerated() {
                lines.append((index == 0 ? label : String(repeating: " ", count: label.count + 2)) + part)
            }
        }
        // Appended in place: the generic `joined(separator:)` cost ~18 k instructions a table, and every command's
        // table is built at each start (the command tree reads every configuration).
        var table = ""
        for line in lines {
            if !table.isEmpty { table += "\n" }
            table += line
        }
        return table
    }
}
