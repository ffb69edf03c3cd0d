import AuthflowPrimitives
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output: batch mode prints one line per input, and a write per line would cost
/// more than inspecting the link. Text written as a `String` has its control characters escaped
/// (``TerminalText``), tabs and line feeds excepted: whatever outside data it holds cannot drive the terminal.
/// Bytes (JSON lines, whose writer escapes every control) go out as they are.
final class StandardOutput {
    private var buffer: [UInt8] = []
    private let flushThreshold = 64 * 1024

    init() {
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: TerminalText.escapedKeepingLayout(text).utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    /// `bytes` and a newline.
    func write(line bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        buffer.append(UInt8(ascii: "\n"))
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

/// Messages for people go to standard error, so that standard output stays machine-readable. Their control
/// characters are escaped (``TerminalText``), tabs and line feeds excepted, so a server's message or a name in
/// one cannot drive the terminal; only ``draw(_:)`` writes terminal controls.
enum StandardError {
    /// Lines held back while `DirectRoute` parses (nil when not holding).
    private static let held = Mutex<[String]?>(nil)

    static func write(_ line: String, newline: Bool = true) {
        let line = TerminalText.escapedKeepingLayout(line)
        let text = !newline || line.hasSuffix("\n") ? line : line + "\n"
        let isHeld = held.withLock { lines in
            guard lines != nil else { return false }
            lines?.append(text)
            return true
        }
        if !isHeld { emit(text) }
    }

    /// Writes `text` as it is, terminal controls and all: for authflow's own drawing (the wait indicator's
    /// redrawn line, a QR code's colours), never for text holding outside data unescaped.
    static func draw(_ text: String) {
        emit(text)
    }

    /// Runs `body`, holding back the lines written meanwhile; writes them when it returns a result and drops them
    /// when it returns nil. The direct route parses with this: a note written while validating (a deprecated
    /// flag's) is shown once whether the direct parse is kept or given up and made again from the root.
    static func holdingLines<Result>(_ body: () -> Result?) -> Result? {
        held.withLock { $0 = [] }
        let result = body()
        let lines = held.withLock { lines in
            defer { lines = nil }
            return lines ?? []
        }
        if result != nil { lines.forEach(emit) }
        return result
    }

    private static func emit(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { pointer in
            Glibc.write(STDERR_FILENO, pointer.baseAddress, pointer.count - 1)
        }
    }
}
