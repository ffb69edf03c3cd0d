import AuthflowPrimitives
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Whole lines to standard output, one `write` each and unbuffered: lines from server threads never
/// interleave, and a script reading the first line (`listen`'s redirect URI) gets it at once.
final class ConsoleLines: Sendable {
    private let lock = Mutex(())

    /// Writes `text`, adding the newline if it has none; its control characters are escaped (``TerminalText``),
    /// tabs and line feeds excepted.
    func write(_ text: String) {
        let text = TerminalText.escapedKeepingLayout(text)
        write(bytes: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes a line that already ends in a newline, as ``JSONLineWriter/line(_:)`` makes them.
    func write(bytes: [UInt8]) {
        lock.withLock { _ in
            // A closed pipe is not worth failing over.
            _ = SystemCall.writeAll(bytes, to: STDOUT_FILENO)
        }
    }
}
