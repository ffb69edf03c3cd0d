extension TextLinkExtractor {
    /// Walks a UTF-8 buffer from `scheme://` to `scheme://`, yielding one URL at a time.
    struct URLScanner {
        /// Longer than any real scheme, including reversed client IDs used as iOS schemes.
        static let maximumSchemeLength = 256
        /// How far a `<…>` form may run before it is read as a bare URL instead.
        static let maximumBracketedLength = 16 * 1024

        let text: UnsafeBufferPointer<UInt8>
        /// Where the search for the next `://` continues.
        private var position = 0
        /// The end of the last URL; a scheme never reaches back into it.
        private var lastEnd = 0

        init(text: UnsafeBufferPointer<UInt8>) {
            self.text = text
        }

        mutating func next() -> String? {
            while let separator = nextSeparator() {
                position = separator + 3
                guard let start = schemeStart(before: separator) else { continue }
                if let bracketed = bracketedURL(start: start, separator: separator) {
                    lastEnd = position
                    return bracketed
                }
                var end = separator + 3
                while end < text.count, ByteClass.isURLByte(text[end]) { end += 1 }
                end = trimmedEnd(start: start, end: end, minimum: separator + 3)
                position = max(end, position)
                guard end > separator + 3 else { continue }
                lastEnd = end
                return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            }
            return nil
        }

        /// The index of the next `://` at or after `position`.
        private func nextSeparator() -> Int? {
            var index = position
            let limit = text.count - 2
            while index < limit {
                if text[index] == ByteClass.colon, text[index + 1] == ByteClass.slash,
                    text[index + 2] == ByteClass.slash
                {
                    return index
                }
                index += 1
            }
            return nil
        }

        /// The start of the RFC 3986 scheme ending at `separator`: letters, digits, `+`, `-`, `.`, led by a letter.
        private func schemeStart(before separator: Int) -> Int? {
            let floor = max(lastEnd, separator - Self.maximumSchemeLength)
            var start = separator
            while start > floor, ByteClass.isSchemeByte(text[start - 1]) { start -= 1 }
            while start < separator, !ByteClass.isLetter(text[start]) { start += 1 }
            return start < separator ? start : nil
        }

        /// A URL written as `<scheme://…>` or `<URL:scheme://…>`, with blanks and line breaks inside removed.
        private mutating func bracketedURL(start: Int, separator: Int) -> String? {
            guard opensBracket(at: start) else { return nil }
            var url: [UInt8] = []
            var index = start
            let limit = min(text.count, start + Self.maximumBracketedLength)
            while index < limit {
                let byte = text[index]
                if byte == ByteClass.greaterThan {
                    let minimumLength = separator - start + 4
                    guard url.count >= minimumLength else { return nil }
                    position = index + 1
                    return String(decoding: url, as: UTF8.self)
                }
                if ByteClass.isURLByte(byte) {
                    url.append(byte)
                } else if !ByteClass.isBlank(byte) {
                    return nil
                }
                index += 1
            }
            return nil
        }

        private func opensBracket(at start: Int) -> Bool {
            if start >= 1, text[start - 1] == ByteClass.lessThan { return true }
            guard start >= 5, text[start - 5] == ByteClass.lessThan, text[start - 1] == ByteClass.colon else {
                return false
            }
            return ByteClass.lowercased(text[start - 4]) == UInt8(ascii: "u")
                && ByteClass.lowercased(text[start - 3]) == UInt8(ascii: "r")
                && ByteClass.lowercased(text[start - 2]) == UInt8(ascii: "l")
        }

        /// Drops sentence punctuation from the end; closing brackets stay while they balance an opener in the URL.
        private func trimmedEnd(start: Int, end: Int, minimum: Int) -> Int {
            var openParentheses = 0
            var closeParentheses = 0
            var openBrackets = 0
            var closeBrackets = 0
            for byte in UnsafeBufferPointer(rebasing: text[start..<end]) {
                switch byte {
                case UInt8(ascii: "("): openParentheses += 1
                case UInt8(ascii: ")"): closeParentheses += 1
                case UInt8(ascii: "["): openBrackets += 1
                case UInt8(ascii: "]"): closeBrackets += 1
                default: break
                }
            }
            var end = end
            while end > minimum {
                switch text[end - 1] {
                case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
                    UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "'"):
                    end -= 1
                case UInt8(ascii: ")") where closeParentheses > openParentheses:
                    closeParentheses -= 1
                    end -= 1
                case UInt8(ascii: "]") where closeBrackets > openBrackets:
                    closeBrackets -= 1
                    end -= 1
                default:
                    return end
                }
            }
            return end
        }
    }
}
