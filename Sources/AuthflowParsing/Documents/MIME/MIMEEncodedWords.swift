import AuthflowPrimitives

extension MIMEMessage {
    /// Decodes RFC 2047 encoded-words (`=?charset?B?…?=`, `=?charset?Q?…?=`) in a header value.
    ///
    /// Blanks between adjacent encoded-words are dropped, and adjacent words in the same charset are decoded
    /// together, because mailers split multi-byte characters across words.
    enum EncodedWords {
        /// RFC 2047 allows 75 characters; this leaves room for sloppy encoders and keeps the scan linear.
        static let maximumWordLength = 200

        struct Word {
            var charset: String
            var bytes: [UInt8]
            /// The index just past the closing `?=`.
            var end: Int
        }

        static func decode(_ value: String) -> String {
            let input = Array(value.utf8)
            guard input.count >= 2 else { return value }
            var output = ""
            var pending: [UInt8] = []
            var pendingCharset: String?
            var literalStart = 0
            var previousWordEnd: Int?
            var index = 0

            func flushPending() {
                guard let charset = pendingCharset else { return }
                output += MIMEPart.CharsetDecoder.decode(pending, charset: charset)
                pending.removeAll(keepingCapacity: true)
                pendingCharset = nil
            }

            while index + 1 < input.count {
                guard input[index] == UInt8(ascii: "="), input[index + 1] == UInt8(ascii: "?"),
                    let word = parseWord(input, at: index)
                else {
                    index += 1
                    continue
                }
                let gap = input[literalStart..<index]
                let joinsPrevious = previousWordEnd == literalStart && gap.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if !joinsPrevious || pendingCharset != word.charset {
                    flushPending()
                }
                if !joinsPrevious {
                    output += String(decoding: gap, as: UTF8.self)
                }
                pending += word.bytes
                pendingCharset = word.charset
                index = word.end
                literalStart = index
                previousWordEnd = index
            }
            flushPending()
            output += String(decoding: input[literalStart...], as: UTF8.self)
            return output
        }

        /// The encoded-word starting at `start` (which holds `=?`), or `nil` if the text there is not one.
        static func parseWord(_ input: [UInt8], at start: Int) -> Word? {
            let limit = min(input.count, start + maximumWordLength)
            let question = UInt8(ascii: "?")
            guard let charsetEnd = input[(start + 2)..<limit].firstIndex(of: question), charsetEnd > start + 2,
                charsetEnd + 2 < limit, input[charsetEnd + 2] == question
            else { return nil }
            let textStart = charsetEnd + 3
            var textEnd = textStart
            while textEnd + 1 < limit, !(input[textEnd] == question && input[textEnd + 1] == UInt8(ascii: "=")) {
                guard input[textEnd] > 0x20 else { return nil }
                textEnd += 1
            }
            guard textEnd + 1 < limit else { return nil }
            let charset = String(decoding: input[(start + 2)..<charsetEnd], as: UTF8.self)
            let text = input[textStart..<textEnd]
            let bytes: [UInt8]
            switch input[charsetEnd + 1] {
            case UInt8(ascii: "B"), UInt8(ascii: "b"): bytes = Base64.decodeLeniently(Array(text))
            case UInt8(ascii: "Q"), UInt8(ascii: "q"): bytes = decodeQ(text)
            default: return nil
            }
            return Word(charset: MIMEPart.CharsetDecoder.normalized(charset), bytes: bytes, end: textEnd + 2)
        }

        /// The Q encoding: quoted-printable where `_` stands for a space.
        private static func decodeQ(_ text: ArraySlice<UInt8>) -> [UInt8] {
            let spaced = text.map { $0 == UInt8(ascii: "_") ? 0x20 : $0 }
            return spaced.withUnsafeBufferPointer { QuotedPrintable.decode($0) }
        }
    }
}
