import AuthflowPrimitives
import CLibXML2

/// Finds the links of an HTML document with libxml2's error-tolerant HTML parser, the way a browser would see them.
///
/// The input is converted to UTF-8 first (with U+FFFD for undecodable bytes), so libxml2 never meets an encoding
/// error that would make it drop the rest of the document. Network access is disabled.
public enum HTMLLinkExtractor {
    /// The biggest document accepted, in bytes; sign-in emails are a few tens of kilobytes.
    public static let maximumInputSize = 32 * 1024 * 1024

    /// Links in document order: `<a href>` and `<area href>` targets (entities decoded by libxml2),
    /// `<meta http-equiv=refresh content="0; url=…">` targets, and URLs written in text nodes (outside `<script>` and
    /// `<style>`). Whitespace is trimmed and tabs and line breaks inside a URL are dropped, as browsers do. Each URL
    /// is returned once, with the source of its first appearance. `javascript:`, `mailto:`, `#…` and relative targets
    /// are returned as written: filtering is left to the caller.
    ///
    /// - Parameter charset: The charset from the transport (a MIME `charset` parameter). When `nil`, a byte-order mark
    ///   or a `<meta charset>` declaration near the top decides, and UTF-8 otherwise.
    public static func links(inHTML bytes: [UInt8], charset: String? = nil) throws(DocumentError) -> [ExtractedLink] {
        guard bytes.count <= maximumInputSize else { throw .tooLarge(limit: maximumInputSize) }
        let declared = charset ?? sniffedCharset(bytes)
        guard MIMEPart.CharsetDecoder.iconvName(for: declared) != nil else {
            // UTF-8: the same walk as a streamed read, the array handed out a part at a time.
            var offset = 0
            return try links(
                readingHTML: { buffer in
                    let count = min(buffer.count, bytes.count - offset)
                    for index in 0..<count { buffer[index] = bytes[offset + index] }
                    offset += count
                    return count
                }, charset: declared)
        }
        try loadLibrary()
        let walk = StreamWalk(collector: ExtractedLink.Collector())
        var text = MIMEPart.CharsetDecoder.decode(bytes, charset: declared)
        text.withUTF8 { walk.feed($0, isLast: true) }
        return walk.collector.links
    }

    /// The links of an HTML document read a part at a time from `read` (a file or standard input), so the document
    /// is never held whole: memory follows the links kept. Same results as ``links(inHTML:charset:)``.
    ///
    /// `read` fills the buffer it is given and returns how many bytes it put there; 0 (or less) ends the document.
    /// The charset is decided from the first 8 KiB (byte-order mark or `<meta charset>`) unless `charset` is given.
    /// UTF-8 (the usual case) streams, repaired across part boundaries; a charset that needs converting (a legacy
    /// single- or multi-byte encoding) is read whole first and converted at once, as ``links(inHTML:charset:)`` does.
    ///
    /// - Throws: `.tooLarge` once more than ``maximumInputSize`` bytes have been read.
    public static func links(
        readingHTML read: (UnsafeMutableBufferPointer<UInt8>) -> Int, charset: String? = nil
    ) throws(DocumentError) -> [ExtractedLink] {
        try loadLibrary()
        var reader = ChunkReader()
        // Enough of the start to see a byte-order mark or a `<meta charset>`.
        var head: [UInt8] = []
        while head.count < charsetSniffingWindow, let chunk = try reader.next(read) { head.append(contentsOf: chunk) }
        let declared = charset ?? sniffedCharset(head)
        if MIMEPart.CharsetDecoder.iconvName(for: declared) != nil {
            // Rare legacy charsets: converted whole, as before.
            var whole = head
            while let chunk = try reader.next(read) { whole.append(contentsOf: chunk) }
            return try links(inHTML: whole, charset: declared)
        }
        let walk = StreamWalk(collector: ExtractedLink.Collector())
        var pending = head
        if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
        var atEnd = reader.isFinished
        while true {
            // A character cut by the end of this part waits for the rest of its bytes in the next.
            let end = pending.count - (atEnd ? 0 : unfinishedTail(of: pending))
            var chunk = String(decoding: pending[..<end], as: UTF8.self)
            chunk.withUTF8 { walk.feed($0, isLast: false) }
            pending.removeSubrange(..<end)
            if atEnd { break }
            if let chunk = try reader.next(read) { pending.append(contentsOf: chunk) } else { atEnd = true }
        }
        walk.finish()
        return walk.collector.links
    }

    /// How many bytes at the end of `bytes` start a character whose remaining bytes have not arrived yet.
    private static func unfinishedTail(of bytes: [UInt8]) -> Int {
        var count = 0
        var index = bytes.endIndex
        while index > bytes.startIndex, count < 4 {
            index -= 1
            count += 1
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > count ? count : 0
        }
        return 0
    }

    /// Pulls parts of a document from a reading function, counting them against ``maximumInputSize``.
    private struct ChunkReader {
        private var buffer = [UInt8](repeating: 0, count: StreamWalk.chunkSize)
        private var total = 0
        private(set) var isFinished = false

        /// The next part `read` gives, or `nil` at the end of the document.
        mutating func next(
            _ read: (UnsafeMutableBufferPointer<UInt8>) -> Int
        ) throws(DocumentError) -> ArraySlice<UInt8>? {
            guard !isFinished else { return nil }
            let count = buffer.withUnsafeMutableBufferPointer { read($0) }
            guard count > 0 else {
                isFinished = true
                return nil
            }
            total += count
            guard total <= maximumInputSize else { throw .tooLarge(limit: maximumInputSize) }
            return buffer[..<min(count, buffer.count)]
        }
    }

    /// Opens libxml2 before its first use, so that a missing library is a typed error rather than the loader's
    /// exit (the library is loaded on first use, not at exec).
    static func loadLibrary() throws(DocumentError) {
        do {
            try SharedLibrary.xml2.load()
        } catch {
            throw .libraryUnavailable(error)
        }
    }

    /// Adds the links of an already decoded HTML document to `collector`.
    static func collectLinks(inHTML text: String, into collector: inout ExtractedLink.Collector) {
        let walk = StreamWalk(collector: collector)
        var text = text
        text.withUTF8 { walk.feed($0, isLast: true) }
        collector = walk.collector
    }
}

extension HTMLLinkExtractor {
    /// Cleans an attribute value the way the WHATWG URL parser does before parsing: leading and trailing C0 controls
    /// and spaces go, and so do tabs and line breaks anywhere (templates and mailers wrap long `href`s).
    enum URLCleaning {
        static func cleaned<Bytes: BidirectionalCollection<UInt8>>(_ value: Bytes) -> String {
            guard let first = value.firstIndex(where: { $0 > 0x20 }),
                let last = value.lastIndex(where: { $0 > 0x20 })
            else { return "" }
            let kept = value[first...last].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            return String(decoding: kept, as: UTF8.self)
        }
    }
}
