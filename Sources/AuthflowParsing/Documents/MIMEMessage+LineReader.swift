import Glibc

extension MIMEMessage {
    /// Splits a byte range into lines ending in LF or CRLF, using `memchr` to find each line end.
    struct LineReader {
        struct Line {
            /// The line without its line break.
            var content: Range<Int>
            /// Where the following line starts.
            var next: Int
        }

        let buffer: UnsafeBufferPointer<UInt8>
        private var position: Int
        private let end: Int

        init(buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
            self.buffer = buffer
            self.position = range.lowerBound
            self.end = range.upperBound
        }

        mutating func next() -> Line? {
            guard position < end, let base = buffer.baseAddress else { return nil }
            let start = position
            var lineEnd = end
            if let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
                lineEnd = start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + start))
            }
            position = lineEnd < end ? lineEnd + 1 : end
            var contentEnd = lineEnd
            if contentEnd > start, buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            return Line(content: start..<contentEnd, next: position)
        }
    }
}
