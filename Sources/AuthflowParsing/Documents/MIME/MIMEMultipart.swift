import AuthflowPrimitives

extension MIMEMessage {
    /// Splits a multipart body at its boundary delimiters (RFC 2046 § 5.1.1).
    enum Multipart {
        /// The byte ranges of the body parts, without the preamble and the epilogue. The line break before a
        /// delimiter belongs to the delimiter. A missing close delimiter ends the last part at the end of the body.
        static func partRanges(in bytes: [UInt8], body: Range<Int>, boundary: [UInt8]) -> [Range<Int>] {
            bytes.withUnsafeBufferPointer { buffer in
                var ranges: [Range<Int>] = []
                var partStart: Int?
                var lines = LineSplitter(buffer: buffer, range: body)
                while let line = lines.next() {
                    guard let isClose = delimiterKind(buffer, line: line.content, boundary: boundary) else { continue }
                    if let start = partStart {
                        ranges.append(start..<partEnd(buffer, start: start, delimiterLine: line.content.lowerBound))
                    }
                    if isClose { return ranges }
                    partStart = line.next
                }
                if let start = partStart { ranges.append(start..<body.upperBound) }
                return ranges
            }
        }

        /// The boundary of a multipart body whose `boundary` parameter is missing: the first line that looks like a
        /// delimiter (`--` and up to 200 characters; RFC 2046 allows 70).
        static func guessedBoundary(in bytes: [UInt8], body: Range<Int>) -> [UInt8]? {
            bytes.withUnsafeBufferPointer { buffer in
                var lines = LineSplitter(buffer: buffer, range: body)
                while let line = lines.next() {
                    let content = buffer[line.content]
                    guard content.count > 2, content.count <= 202, content.starts(with: [0x2D, 0x2D]) else { continue }
                    var candidate = Array(content.dropFirst(2))
                    while let last = candidate.last, last == 0x20 || last == 0x09 { candidate.removeLast() }
                    if !candidate.isEmpty { return candidate }
                }
                return nil
            }
        }

        /// `nil` if the line is not a delimiter of `boundary`, else whether it is the close delimiter. After the
        /// boundary only `--` and blanks may follow, so a boundary that is a prefix of another does not match it.
        private static func delimiterKind(
            _ buffer: UnsafeBufferPointer<UInt8>, line: Range<Int>, boundary: [UInt8]
        )
            -> Bool?
        {
            let dash = UInt8(ascii: "-")
            guard line.count >= boundary.count + 2, buffer[line.lowerBound] == dash, buffer[line.lowerBound + 1] == dash
            else { return nil }
            var index = line.lowerBound + 2
            for byte in boundary {
                guard buffer[index] == byte else { return nil }
                index += 1
            }
            var isClose = false
            if index + 1 < line.upperBound, buffer[index] == dash, buffer[index + 1] == dash {
                isClose = true
                index += 2
            }
            while index < line.upperBound {
                guard buffer[index] == 0x20 || buffer[index] == 0x09 else { return nil }
                index += 1
            }
            return isClose
        }

        private static func partEnd(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, delimiterLine: Int) -> Int {
            var end = delimiterLine
            if end > start, buffer[end - 1] == 0x0A { end -= 1 }
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            return end
        }
    }
}
