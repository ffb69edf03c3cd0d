import AuthflowPrimitives

extension MIMEMessage {
    /// The header section of a message or body part (RFC 5322 § 2.2) and where its body begins.
    struct HeaderBlock {
        var fields: [HeaderField]
        var bodyStart: Int

        /// Reads header lines until a blank line. A line that is neither a field nor a continuation also ends the
        /// section and starts the body, which is how a body part without headers (or a plain document) is read.
        static func parse(_ bytes: [UInt8], in range: Range<Int>) -> HeaderBlock {
            bytes.withUnsafeBufferPointer { parse($0, in: range) }
        }

        private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> HeaderBlock {
            var fields: [HeaderField] = []
            var name: Range<Int>?
            var value: [UInt8] = []
            var lines = LineSplitter(buffer: buffer, range: range)
            var bodyStart = range.upperBound

            func finishField() {
                guard let current = name else { return }
                fields.append(
                    HeaderField(
                        name: String(decoding: UnsafeBufferPointer(rebasing: buffer[current]), as: UTF8.self),
                        value: String(decoding: trimmedBlanks(value), as: UTF8.self)
                    )
                )
                name = nil
                value.removeAll(keepingCapacity: true)
            }

            while let line = lines.next() {
                if line.content.isEmpty {
                    bodyStart = line.next
                    break
                }
                let first = buffer[line.content.lowerBound]
                if first == 0x20 || first == 0x09, name != nil {
                    value.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[line.content]))
                } else if let colon = fieldNameEnd(buffer, line: line.content) {
                    finishField()
                    name = line.content.lowerBound..<colon
                    value.append(
                        contentsOf: UnsafeBufferPointer(rebasing: buffer[(colon + 1)..<line.content.upperBound]))
                } else {
                    bodyStart = line.content.lowerBound
                    break
                }
            }
            finishField()
            return HeaderBlock(fields: fields, bodyStart: bodyStart)
        }

        /// The index of the colon ending a field name (printable ASCII except `:`; RFC 5322 § 3.6.8), or `nil`.
        /// A colon followed by `//` is a URL, not a field: a text file starting with a link is not an email.
        private static func fieldNameEnd(_ buffer: UnsafeBufferPointer<UInt8>, line: Range<Int>) -> Int? {
            var index = line.lowerBound
            while index < line.upperBound {
                let byte = buffer[index]
                if byte == UInt8(ascii: ":") {
                    guard index > line.lowerBound else { return nil }
                    let isURL =
                        index + 2 < line.upperBound && buffer[index + 1] == UInt8(ascii: "/")
                        && buffer[index + 2] == UInt8(ascii: "/")
                    return isURL ? nil : index
                }
                guard byte > 0x20, byte < 0x7F else { return nil }
                index += 1
            }
            return nil
        }

        private static func trimmedBlanks(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
            let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            guard let first = bytes.firstIndex(where: { !isBlank($0) }),
                let last = bytes.lastIndex(where: { !isBlank($0) })
            else { return [] }
            return bytes[first...last]
        }
    }
}

extension MIMEMessage {
    /// One header field, unfolded: the line breaks of continuation lines are removed, their blanks kept.
    public struct HeaderField: Sendable, Hashable {
        /// The field name as written (compare case-insensitively).
        public var name: String
        /// The unfolded value without leading and trailing blanks; 8-bit bytes are read as UTF-8 (RFC 6532).
        public var value: String

        /// A header field, its value unfolded.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
