import ArgumentParser

/// The exit statuses authflow documents (README, `authflow --help`). Scripts rely on these numbers.
enum AuthflowExitCode: Int32, CaseIterable {
    /// Done; for `link inspect`, the link was recognised.
    case success = 0
    /// Nothing recognised: a link of kind `unknown`, or no Firebase link in a document.
    case notRecognized = 1
    /// Bad usage or unusable input (not a URL, unreadable file, invalid UTF-8).
    case usage = 2
    /// The network failed: offline, DNS, refused, TLS, timeout.
    case network = 3
    /// The remote side refused or answered unusably (e.g. a short link that no longer exists).
    case refused = 4

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// One line per code, for help text and the README.
    static let table = """
        Exit status:
          0  success (for link inspect: the link was recognised)
          1  nothing recognised (kind "unknown", or no Firebase link in the document)
          2  usage error or unusable input
          3  network failure (offline, DNS, connection refused, TLS, timeout)
          4  the remote side refused (e.g. a short link that no longer exists)
        """
}
