import AuthflowPrimitives
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes the tour to standard output: headings, the commands as a user would type them, their output
/// indented beneath, and what the tour did in between. Lines from child processes arrive on other threads,
/// so every write is one locked `write(2)`.
public final class DemoNarrator: Sendable {
    private let lock = Mutex(())
    private let descriptor: Int32

    /// A narrator writing to `descriptor` (standard output by default).
    public init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    /// A numbered section: "2. Phone-number sign-in".
    func heading(_ number: Int, _ title: String) {
        write("\n\(number). \(title)\n")
    }

    /// A sentence of explanation; each of its lines indented.
    func say(_ text: String) {
        write(text.split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 + "\n" }.joined())
    }

    /// A command line, shell-quoted, exactly as a user would type it.
    func command(_ arguments: [String]) {
        write("   $ " + ShellQuoting.line(arguments) + "\n")
    }

    /// A line a program printed.
    func output(_ line: String) {
        write("     | " + line + "\n")
    }

    /// What the tour typed into a waiting command, as a person would.
    func typed(_ text: String) {
        write("     ⌨ " + text + "\n")
    }

    /// A step that ended well.
    func passed(_ text: String) {
        write("   ✓ " + text + "\n")
    }

    /// A step that did not.
    func failed(_ text: String) {
        write("   ✗ " + text + "\n")
    }

    /// Text written as is.
    func raw(_ text: String) {
        write(text)
    }

    private func write(_ text: String) {
        lock.withLock { _ in
            _ = SystemCall.writeAll(Array(text.utf8), to: descriptor)
        }
    }
}
