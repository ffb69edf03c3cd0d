import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output: batch mode prints one line per input, and a write per line would cost
/// more than inspecting the link.
final class StandardOutput {
    private var buffer: [UInt8] = []
    private let flushThreshold = 64 * 1024

    init() {
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    func flush() {
        Self.writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: [UInt8]) {
        // A closed pipe (`| head`) is not an error worth reporting.
        SystemCall.writeAll(bytes, to: STDOUT_FILENO)
    }

    deinit {
        Self.writeAll(buffer)
    }
}

/// Messages for people go to standard error, so that standard output stays machine-readable.
enum StandardError {
    static func write(_ line: String, newline: Bool = true) {
        let text = !newline || line.hasSuffix("\n") ? line : line + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { pointer in
            Glibc.write(STDERR_FILENO, pointer.baseAddress, pointer.count - 1)
        }
    }
}
