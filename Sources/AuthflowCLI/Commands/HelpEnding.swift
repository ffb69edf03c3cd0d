/// How every command's help ends: the exit statuses it can return, then two or three real command lines under
/// "EXAMPLES:", as `gh` shows them. `HelpEndingTests` walks the whole command tree and checks that each command's
/// help ends so. Every line fits in 80 columns, so argument-parser's wrapping leaves it as is.
///
/// The blocks are written at the end of each command's discussion (so `--experimental-dump-help`, and the man
/// pages `scripts/generate-manual` writes from it, carry them), and ``placedLast(_:)`` moves them after the
/// options when the help is printed: argument-parser prints a discussion under OVERVIEW, ahead of USAGE.
enum HelpEnding {
    /// The headings of the two blocks in a discussion, and as printed at the end of the help.
    static let statusHeading = (discussion: "Exit status:", printed: "EXIT STATUS:")
    static let examplesHeading = (discussion: "Examples:", printed: "EXAMPLES:")

    /// The "Exit status:" block for `statuses`, a blank line, and the "Examples:" block of `examples` (command
    /// lines, each starting with `authflow`).
    static func text(statuses: [AuthflowExitCode], examples: [String]) -> String {
        var text = AuthflowExitCode.table(for: statuses) + "\n\n" + examplesHeading.discussion
        // Appended in place, as the table is: every command's configuration is built at each start.
        for example in examples {
            text += "\n  $ " + example
        }
        return text
    }

    /// `help` (argument-parser's help text for a command) with the discussion's exit statuses and examples moved
    /// to the end, under argument-parser's own heading style; any other text (a version, an error) as it is.
    static func placedLast(_ help: String) -> String {
        var lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: statusHeading.discussion),
            let usage = lines[start...].firstIndex(where: { $0.hasPrefix("USAGE:") })
        else { return help }
        var end = usage
        while end > start, lines[end - 1].isEmpty { end -= 1 }
        let ending = lines[start..<end].map { line in
            switch line {
            case statusHeading.discussion: statusHeading.printed
            case examplesHeading.discussion: examplesHeading.printed
            default: line
            }
        }
        lines.removeSubrange(start..<end)
        // The blank line before the blocks and the one before USAGE would now stand together.
        while start > 0, start < lines.count, lines[start - 1].isEmpty, lines[start].isEmpty {
            lines.remove(at: start)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (lines + [""] + ending).joined(separator: "\n") + "\n"
    }
}
