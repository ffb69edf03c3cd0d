#if canImport(Glibc)
import Glibc
#endif

/// Questions for a person at a terminal. Commands never prompt when input is piped, so scripts cannot hang.
enum Terminal {
    /// Standard input and standard error are both terminals.
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
    }

    /// Shows `question` on standard error and reads one line; nil at end of input.
    static func prompt(_ question: String) -> String? {
        StandardError.write(question, newline: false)
        return readLine(strippingNewline: true)
    }
}
