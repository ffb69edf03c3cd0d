#if canImport(Glibc)
import Glibc
#endif

/// Splits a byte range into lines ending in LF or CRLF, using `memchr` to find each line end: the one line
/// splitter behind MIME headers and parts and the CLI's line-per-link standard input.
public struct LineSplitter {
    /// One line, as offsets into the buffer.
    public struct Line: Sendable, Equatable {
        /// The line without its line break.
        public var content: Range<Int>
        /// Where the following line starts.
        public var next: Int
        /// Whether an LF ended the line; `false` only for a last line the range cut off.
        public var isTerminated: Bool
    }

    /// The bytes the offsets refer to.
    public let buffer: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let end: Int

    /// Lines of `buffer[range]`, from its start.
    public init(buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.buffer = buffer
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    /// The next line, or `nil` at the end of the range.
    public mutating func next() -> Line? {
        guard position < end, let base = buffer.baseAddress else { return nil }
        let start = position
        var lineEnd = end
        if let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
            lineEnd = start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + start))
        }
        let isTerminated = lineEnd < end
        position = isTerminated ? lineEnd + 1 : end
        var contentEnd = lineEnd
        if contentEnd > start, buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        return Line(content: start..<contentEnd, next: position, isTerminated: isTerminated)
    }
}
