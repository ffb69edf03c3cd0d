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
    /// The bytes read are `buffer[..<filled]`, of which the first `consumed` were handed out as lines. The next
    /// read moves the rest to the front and reads after it, in place: once the buffer is large enough, reading
    /// allocates nothing. (Appending each chunk to a pending array, which the lines handed out still shared,
    /// copied that array into a fresh 64 KiB+ allocation per read: ~400 `mmap`/`munmap` pairs and ~6,900 page
    /// faults per 100,000 links, ~8 % of the batch's time in `perf`.)
    private var buffer = [UInt8](repeating: 0, count: 2 * chunkSize)
    private var filled = 0
    private var consumed = 0
    private var finished = false
    /// The least room a read is given.
    private static let chunkSize = 64 * 1024

    /// The complete lines available after the next read, without their line ends; `nil` at end of input.
    func nextLines() -> [ArraySlice<UInt8>]? {
        guard !finished else { return nil }
        // The lines handed out last time are gone by now, so the move happens in place (were they still held,
        // the array would be copied first, and still be right).
        let kept = filled - consumed
        if consumed > 0, kept > 0 {
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                base.copyMemory(from: base + consumed, byteCount: kept)
            }
        }
        filled = kept
        consumed = 0
        // A line longer than the room left doubles the buffer.
        if buffer.count - filled < Self.chunkSize {
            buffer.append(contentsOf: repeatElement(0, count: Swift.max(buffer.count, Self.chunkSize)))
        }
        let count = SystemCall.read(STDIN_FILENO, into: &buffer, from: filled)
        if count <= 0 {
            finished = true
            return filled == 0 ? nil : [trimCR(buffer[..<filled])]
        }
        filled += count
        var lines: [ArraySlice<UInt8>] = []
        buffer.withUnsafeBufferPointer { whole in
            var splitter = LineSplitter(buffer: whole, range: 0..<filled)
            while let line = splitter.next(), line.isTerminated {
                lines.append(buffer[line.content])
                consumed = line.next
            }
        }
        return lines
    }

    private func trimCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
}
