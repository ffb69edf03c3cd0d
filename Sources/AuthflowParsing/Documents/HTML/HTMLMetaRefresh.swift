extension HTMLLinkExtractor {
    /// Reads the target of a `<meta http-equiv="refresh" content="…">` declaration, following the WHATWG "shared
    /// declarative refresh steps": a delay, a `;` or `,`, an optional `url=`, and a URL that may be quoted.
    enum MetaRefresh {
        static func target(in content: [UInt8]) -> ArraySlice<UInt8>? {
            var index = skipBlanks(content, from: 0)
            let delayStart = index
            while index < content.count, isDelayByte(content[index]) { index += 1 }
            guard index > delayStart, index < content.count else { return nil }
            guard content[index] == UInt8(ascii: ";") || content[index] == UInt8(ascii: ",") || isBlank(content[index])
            else { return nil }

            index = skipBlanks(content, from: index)
            if index < content.count, content[index] == UInt8(ascii: ";") || content[index] == UInt8(ascii: ",") {
                index = skipBlanks(content, from: index + 1)
            }
            index = skipURLLabel(content, from: index)
            guard index < content.count else { return nil }

            let quote = content[index]
            guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return content[index...] }
            let start = index + 1
            let end = content[start...].firstIndex(of: quote) ?? content.count
            return content[start..<end]
        }

        /// Skips `url` `=` (any case, blanks around `=`) when present; otherwise the URL starts right here.
        private static func skipURLLabel(_ content: [UInt8], from start: Int) -> Int {
            guard start + 3 <= content.count,
                HTMLLinkExtractor.NodeName.matches(content[start..<(start + 3)], "url")
            else { return start }
            let index = skipBlanks(content, from: start + 3)
            guard index < content.count, content[index] == UInt8(ascii: "=") else { return start }
            return skipBlanks(content, from: index + 1)
        }

        private static func skipBlanks(_ content: [UInt8], from start: Int) -> Int {
            var index = start
            while index < content.count, isBlank(content[index]) { index += 1 }
            return index
        }

        private static func isDelayByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
    }
}
