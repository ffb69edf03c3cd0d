import ArgumentParser

/// Diagnostics shared by the commands that talk to Firebase.
struct OutputOptions: ParsableArguments {
    @Flag(
        name: .shortAndLong,
        help:
            "Log each request (endpoint, status, time) and the server's raw error strings to standard error. Tokens and keys are never logged."
    )
    var verbose = false
}

/// `--json`, declared once for every command that can print JSON; `Replaced` says in the help what the JSON
/// replaces (a sentence, a table, a summary…).
struct JSONOutputOptions<Replaced: JSONReplacedOutput>: ParsableArguments {
    @Flag(help: ArgumentHelp(Replaced.help))
    var json = false
}

/// What a command prints without `--json`, as the flag's help says it.
protocol JSONReplacedOutput {
    /// The help of `--json`.
    static var help: String { get }
}

/// A command that prints one sentence.
enum ReplacedSentence: JSONReplacedOutput {
    static let help = "Print a JSON object instead of a sentence."
}

/// A command that prints a table.
enum ReplacedTable: JSONReplacedOutput {
    static let help = "Print a JSON object instead of a table."
}

/// A command that prints a summary.
enum ReplacedSummary: JSONReplacedOutput {
    static let help = "Print a JSON object instead of a summary."
}

/// A command that prints a summary per link (`link inspect`).
enum ReplacedLinkSummaries: JSONReplacedOutput {
    static let help = "Print JSON (one object per line) instead of a summary."
}

/// A command that prints plain lines as events happen (`listen`).
enum ReplacedPlainLines: JSONReplacedOutput {
    static let help = "Print JSON lines instead of plain text."
}

/// `apple nonce`, which prints the raw nonce and its hash.
enum ReplacedNoncePair: JSONReplacedOutput {
    static let help = "Print {\"raw\": …, \"sha256\": …} instead of two lines."
}

/// `authflow emulator`, which prints a banner.
enum ReplacedEmulatorBanner: JSONReplacedOutput {
    static let help = "Print one JSON line (host, port, project, emulatorHost, baseURL) instead of the banner."
}
