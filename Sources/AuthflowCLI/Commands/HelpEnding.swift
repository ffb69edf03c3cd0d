/// How every command's help discussion ends: the exit statuses it can return, then two or three real command lines
/// under "Examples:", as `gh` shows them. `HelpEndingTests` walks the whole command tree and checks that each
/// command's help ends so. Every line fits in 80 columns, so argument-parser's wrapping leaves it as is.
enum HelpEnding {
    /// The "Exit status:" block for `statuses`, a blank line, and the "Examples:" block of `examples` (command
    /// lines, each starting with `authflow`).
    static func text(statuses: [AuthflowExitCode], examples: [String]) -> String {
        var text = AuthflowExitCode.table(for: statuses) + "\n\nExamples:"
        // Appended in place, as the table is: every command's configuration is built at each start.
        for example in examples {
            text += "\n  $ " + example
        }
        return text
    }
}
