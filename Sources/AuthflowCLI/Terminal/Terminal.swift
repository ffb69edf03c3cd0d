import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Questions for a person at a terminal. Commands never prompt when input is piped, so scripts cannot hang.
enum Terminal {
    /// Standard input and standard error are both terminals.
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && standardErrorIsTerminal
    }

    /// Standard error is a terminal: someone sees what is drawn there (prompts, countdowns).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// The size of the terminal on standard error (`TIOCGWINSZ`), when it is one and says; read again at each
    /// use, so a resized window (SIGWINCH) is followed.
    static var standardErrorSize: (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Shows `question` on standard error and reads one line; nil at end of input.
    static func prompt(_ question: String) -> String? {
        StandardError.write(question, newline: false)
        return readLine(strippingNewline: true)
    }
}

/// A question at the terminal that Ctrl-C, SIGTERM and the flow's time limit all end.
extension Terminal {
    /// How a bounded prompt ended.
    enum PromptEnd: Equatable {
        /// The person answered (the line, without its line end).
        case answered(String)
        /// Standard input ended before a line.
        case endOfInput
        /// `signals` caught Ctrl-C or SIGTERM; the caller's wait on them returns at once.
        case interrupted
        /// The deadline passed without an answer.
        case timedOut
    }

    /// Shows `question` on standard error and reads one line, giving up when `signals` catches a signal or
    /// at `deadline`. Standard input is polled, not read blindly, so a blocked read can never outlive them.
    static func prompt(
        _ question: String, signals: SignalWaiter, deadline: ContinuousClock.Instant
    ) -> PromptEnd {
        StandardError.write(question, newline: false)
        while true {
            if signals.received != nil {
                StandardError.write("")
                return .interrupted
            }
            let left = deadline - .now
            if left <= .zero {
                StandardError.write("")
                return .timedOut
            }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let slice = min(Int32(left.components.seconds * 1000 + 1), 200)
            let ready = poll(&descriptor, 1, slice)
            guard ready > 0 else { continue }
            guard let line = readLine(strippingNewline: true) else { return .endOfInput }
            return .answered(line.hasSuffix("\r") ? String(line.dropLast()) : line)
        }
    }
}
