import AuthflowLocalization
import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#endif

/// Reading files and standard input as bytes, with errors people can act on.
enum InputReading {
    /// Largest document read (HTML page or .eml): generous for real mail, bounded against accidents.
    static let maximumDocumentBytes = 32 * 1024 * 1024

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of `path`, or of standard input when `path` is `-`.
    static func document(at path: String) throws(Failure) -> [UInt8] {
        if path == "-" { return try readAll(descriptor: STDIN_FILENO, name: "standard input") }
        let descriptor = try openFile(path)
        defer { close(descriptor) }
        var status = stat()
        _ = fstat(descriptor, &status)
        // Sized from the start, so a large file is not copied as the array grows.
        let expected = status.st_size > 0 ? min(Int(status.st_size), maximumDocumentBytes) + 1 : 0
        return try readAll(descriptor: descriptor, name: path, expectedSize: expected)
    }

    /// A document opened to be read a part at a time (an HTML page handed to the streaming link search), so it is
    /// never held whole. A read error ends the document early and is kept in ``failure`` for the caller to report.
    final class Stream {
        private let descriptor: Int32
        private let name: String
        /// Why reading stopped before the end of the document, if it did.
        private(set) var failure: Failure?

        /// Opens `path`, or standard input when `path` is `-`.
        init(path: String) throws(Failure) {
            if path == "-" {
                descriptor = STDIN_FILENO
                name = "standard input"
                return
            }
            descriptor = try openFile(path)
            name = path
        }

        deinit {
            if descriptor != STDIN_FILENO { close(descriptor) }
        }

        /// Fills `buffer` with the next bytes; 0 at the end of the document or after a read error.
        func read(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            guard failure == nil, let base = buffer.baseAddress else { return 0 }
            while true {
                let count = Glibc.read(descriptor, base, buffer.count)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                failure = Failure(description: localized("Cannot read \(name): \(SystemError.current.cliMessage)."))
                return 0
            }
        }
    }

    /// Opens `path` for reading, refusing a directory with advice.
    private static func openFile(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(description: localized("Cannot read \(path): \(SystemError.current.cliMessage)."))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw Failure(
                description: localized("Cannot read \(path): it is a directory; pass the saved email or HTML file."))
        }
        return descriptor
    }

    private static func readAll(descriptor: Int32, name: String, expectedSize: Int = 0) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expectedSize)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = SystemCall.read(descriptor, into: &chunk)
            if count < 0 {
                throw Failure(description: localized("Cannot read \(name): \(SystemError.current.cliMessage)."))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumDocumentBytes {
                throw Failure(
                    description: localized(
                        "\(name) is larger than \(maximumDocumentBytes / 1024 / 1024) MiB; "
                            + "pass the single email or page that holds the link."))
            }
        }
    }
}

/// Standard input read in chunks and split into lines as they arrive (by ``LineSplitter``), so
/// `tail -f … | authflow link inspect -` streams.
final class LineReader {
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private var finished = false

    /// The complete lines available after the next read, without their line ends; `nil` at end of input.
    func nextLines() -> [ArraySlice<UInt8>]? {
        guard !finished else { return nil }
        let count = SystemCall.read(STDIN_FILENO, into: &chunk)
        if count <= 0 {
            finished = true
            defer { pending = [] }
            return pending.isEmpty ? nil : [trimCR(pending[...])]
        }
        pending.append(contentsOf: chunk[0..<count])
        var lines: [ArraySlice<UInt8>] = []
        var consumed = 0
        pending.withUnsafeBufferPointer { buffer in
            var splitter = LineSplitter(buffer: buffer, range: 0..<buffer.count)
            while let line = splitter.next(), line.isTerminated {
                lines.append(pending[line.content])
                consumed = line.next
            }
        }
        pending.removeFirst(consumed)
        return lines
    }

    private func trimCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
}
