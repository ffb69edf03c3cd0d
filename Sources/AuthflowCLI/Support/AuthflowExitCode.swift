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
    /// Interrupted with Ctrl-C (128 + SIGINT, as shells report it).
    case interrupted = 130

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// One line per code, for help text and the README.
    static let table = """
        Exit status:
          0  success
          1  refused by the user or the server (wrong code, expired link, not signed in; for link inspect: \
        nothing recognised)
          2  usage error or unusable input
          3  network or backend unavailable (offline, DNS, connection refused, TLS, timeout, server error)
          4  timed out waiting for the browser
          5  second factor required but not resolvable non-interactively
        130  interrupted (Ctrl-C) while waiting
        """
}
