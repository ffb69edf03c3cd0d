import AuthflowListener

#if canImport(Glibc)
import Glibc
#endif

extension Terminal {
    /// Shows `question` on standard error and reads one line without echoing it (a password); nil at end of
    /// input. Echo comes back afterwards, and also when Ctrl-C or another ending signal ends the prompt, so the
    /// shell is not left typing blind.
    static func promptSecret(_ question: String) -> String? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return prompt(question) }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        SecretPromptState.saved = saved
        let previous = SignalWaiter.catchable(EndingSignals.all).map { ($0, signal($0, restoreEchoAndExit)) }
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            for (number, action) in previous { signal(number, action) }
            StandardError.write("") // The newline the user typed was not echoed.
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        return prompt(question)
    }
}

/// The terminal settings to put back if a signal ends the prompt; only the prompt (one at a time) sets it.
private enum SecretPromptState {
    nonisolated(unsafe) static var saved = termios()
}

/// Restores echo, then exits as the signal would have (128 + signal number); async-signal-safe calls only.
private func restoreEchoAndExit(_ signalNumber: Int32) {
    tcsetattr(STDIN_FILENO, TCSANOW, &SecretPromptState.saved)
    _exit(128 + signalNumber)
}
