import AuthflowPrimitives

/// Cleaning of link text as people paste it, before any parsing.
public enum LinkInput {
    /// Longest link accepted (4 MiB): far beyond any real link, small enough to bound the work per input.
    public static let maximumLength = 4 * 1024 * 1024

    /// Validates `text` and returns the link in it: surrounding white space, quotes and `<…>` removed, line
    /// breaks inside removed (mail clients wrap long links), and HTML-escaped `&amp;` turned back into `&`.
    public static func normalize(_ text: String) throws(LinkInputError) -> String {
        guard text.utf8.count <= maximumLength else {
            throw .tooLong(length: text.utf8.count, limit: maximumLength)
        }
        let link = tidy(text)
        guard !link.isEmpty else { throw .empty }
        if link.withUTF8Buffer({ $0.contains(where: { $0 < 0x20 || $0 == 0x7F }) }) { throw .controlCharacters }
        guard URLParts.hasScheme(link) else {
            throw .notAURL(preview: String(link.prefix(40)) + (link.count > 40 ? "…" : ""))
        }
        return link
    }

    /// Decodes `bytes` as UTF-8 and normalises it.
    public static func normalize(bytes: some Collection<UInt8>) throws(LinkInputError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return try normalize(text)
    }

    /// The cleaning part of ``normalize(_:)``, also applied to every nested link.
    static func tidy(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.first.map(isTrimmable) == true || utf8.last.map(isTrimmable) == true || hasInnerWork(utf8) else {
            return text
        }

        var bytes = Array(
            utf8.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") })
        var start = 0
        var end = bytes.count
        while start < end, isTrimmable(bytes[start]) { start += 1 }
        while end > start, isTrimmable(bytes[end - 1]) { end -= 1 }
        bytes = replacingSequence(Array(bytes[start..<end]), Array("&amp;".utf8), with: UInt8(ascii: "&"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a line break, tab or `&amp;` occurs: one pass, no allocation (the common link has none).
    private static func hasInnerWork(_ utf8: String.UTF8View) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            for (offset, byte) in buffer.enumerated() {
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    return true
                case UInt8(ascii: "&"):
                    if offset + 4 < buffer.count, buffer[offset + 1] == UInt8(ascii: "a"),
                        buffer[offset + 2] == UInt8(ascii: "m"), buffer[offset + 3] == UInt8(ascii: "p"),
                        buffer[offset + 4] == UInt8(ascii: ";")
                    {
                        return true
                    }
                default:
                    continue
                }
            }
            return false
        } ?? true
    }

    private static func isTrimmable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func replacingSequence(_ bytes: [UInt8], _ needle: [UInt8], with byte: UInt8) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
                bytes[index..<index + needle.count].elementsEqual(needle)
            {
                output.append(byte)
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
