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
        guard text.withUTF8Buffer(needsTidying) else { return text }
        var bytes = Array(text.utf8)
        tidy(&bytes, from: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``tidy(_:)`` applied in place to the bytes of `bytes` from `start` on: the unwrapper tidies each nested
    /// link where it decoded it. Only ASCII bytes are removed, so valid UTF-8 stays valid.
    static func tidy(_ bytes: inout [UInt8], from start: Int) {
        let needed = bytes.withUnsafeBufferPointer { needsTidying(UnsafeBufferPointer(rebasing: $0[start...])) }
        guard needed else { return }
        var write = start
        for read in start..<bytes.count {
            let byte = bytes[read]
            guard byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != UInt8(ascii: "\t") else { continue }
            bytes[write] = byte
            write += 1
        }
        var lower = start
        var upper = write
        while lower < upper, isTrimmable(bytes[lower]) { lower += 1 }
        while upper > lower, isTrimmable(bytes[upper - 1]) { upper -= 1 }
        // `&amp;` back to `&`, left to right, shifting the rest down to `start`.
        write = start
        var read = lower
        while read < upper {
            if bytes[read] == UInt8(ascii: "&"), read + 5 <= upper, bytes[read + 1] == UInt8(ascii: "a"),
                bytes[read + 2] == UInt8(ascii: "m"), bytes[read + 3] == UInt8(ascii: "p"),
                bytes[read + 4] == UInt8(ascii: ";")
            {
                bytes[write] = UInt8(ascii: "&")
                read += 5
            } else {
                bytes[write] = bytes[read]
                read += 1
            }
            write += 1
        }
        bytes.removeSubrange(write...)
    }

    /// Whether ``tidy(_:)`` changes anything: a trimmable byte at either end, or a line break, tab or `&amp;`
    /// inside. One pass, no allocation (the common link needs nothing).
    private static func needsTidying(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = buffer.first, let last = buffer.last else { return false }
        if isTrimmable(first) || isTrimmable(last) { return true }
        for offset in buffer.indices where buffer[offset] <= UInt8(ascii: "&") {
            switch buffer[offset] {
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
    }

    private static func isTrimmable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
