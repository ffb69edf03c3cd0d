extension HTMLLinkExtractor {
    /// How far into the document a `<meta>` charset declaration is looked for. HTML's own prescan stops at 1024
    /// bytes; mail templates often put long `<style>` blocks first, so this looks further.
    static let charsetSniffingWindow = 8 * 1024

    /// The charset a document declares for itself: a byte-order mark, or a `charset=` inside an early `<meta>` tag
    /// (both `<meta charset=…>` and `<meta http-equiv=Content-Type content="…; charset=…">`). `nil` means UTF-8.
    static func sniffedCharset(_ bytes: [UInt8]) -> String? {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return "utf-16" // glibc reads the mark and picks the byte order
        }
        let window = bytes.prefix(charsetSniffingWindow)
        var index = window.startIndex
        while let tagStart = nextMetaTag(in: window, from: index) {
            let tagEnd = window[tagStart...].firstIndex(of: UInt8(ascii: ">")) ?? window.endIndex
            if let charset = charsetValue(in: window[tagStart..<tagEnd]) {
                // A document cannot declare UTF-16 in ASCII-compatible markup; browsers read it as UTF-8.
                return charset.hasPrefix("utf-16") ? nil : charset
            }
            index = tagEnd
        }
        return nil
    }

    private static func nextMetaTag(in window: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while let open = window[index...].firstIndex(of: UInt8(ascii: "<")) {
            let nameEnd = open + 5
            if nameEnd <= window.endIndex, NodeName.matches(window[(open + 1)..<nameEnd], "meta") {
                return nameEnd
            }
            index = open + 1
        }
        return nil
    }

    /// The token after the first `charset=` in a tag, quoted or not, lowercased.
    private static func charsetValue(in tag: ArraySlice<UInt8>) -> String? {
        let key: StaticString = "charset"
        let keyLength = key.utf8CodeUnitCount
        var index = tag.startIndex
        while index + keyLength <= tag.endIndex {
            if NodeName.matches(tag[index..<(index + keyLength)], key) {
                var cursor = index + keyLength
                while cursor < tag.endIndex, tag[cursor] == 0x20 { cursor += 1 }
                guard cursor < tag.endIndex, tag[cursor] == UInt8(ascii: "=") else {
                    index += keyLength
                    continue
                }
                cursor += 1
                while cursor < tag.endIndex,
                    tag[cursor] == 0x20 || tag[cursor] == UInt8(ascii: "\"")
                        || tag[cursor] == UInt8(ascii: "'")
                {
                    cursor += 1
                }
                let valueStart = cursor
                while cursor < tag.endIndex, isCharsetNameByte(tag[cursor]) { cursor += 1 }
                guard cursor > valueStart else { return nil }
                return String(decoding: tag[valueStart..<cursor], as: UTF8.self).lowercased()
            }
            index += 1
        }
        return nil
    }

    private static func isCharsetNameByte(_ byte: UInt8) -> Bool {
        TextLinkExtractor.ByteClass.isSchemeByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }
}
