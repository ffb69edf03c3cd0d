import AuthflowPrimitives
import CLibXML2

/// Finds the links of an HTML document with libxml2's error-tolerant HTML parser, the way a browser would see them.
///
/// The input is converted to UTF-8 first (with U+FFFD for undecodable bytes), so libxml2 never meets an encoding
/// error that would make it drop the rest of the document. Network access is disabled.
public enum HTMLLinkExtractor {
    /// The biggest document accepted, in bytes; sign-in emails are a few tens of kilobytes.
    public static let maximumInputSize = 32 * 1024 * 1024
    /// The most links returned for one document; the rest are ignored.
    public static let maximumLinkCount = ExtractedLink.Collector.defaultLimit

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
        try loadLibrary()
        let text = MIMEPart.CharsetDecoder.decode(bytes, charset: charset ?? sniffedCharset(bytes))
        var collector = ExtractedLink.Collector()
        collectLinks(inHTML: text, into: &collector)
        if collector.overflowed { throw .tooManyLinks(limit: collector.limit) }
        return collector.links
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
        var text = text
        text.withUTF8 { utf8 in
            guard let document = parse(utf8) else {
                // libxml2 builds no tree for input without any markup worth a node; the text may still hold URLs.
                TextLinkExtractor.collectLinks(in: utf8, into: &collector)
                return
            }
            defer { xmlFreeDoc(document) }
            collectLinks(in: document, into: &collector)
        }
    }

    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> htmlDocPtr? {
        guard let base = utf8.baseAddress, !utf8.isEmpty, utf8.count <= Int(Int32.max) else { return nil }
        _ = parserIsInitialized
        // XML_PARSE_HUGE lifts libxml2's nesting limit of 256, past which it silently drops the rest of the document;
        // the input size cap bounds the work instead.
        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue
        return htmlReadMemory(
            UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
            Int32(utf8.count),
            nil,
            "UTF-8",
            Int32(bitPattern: options)
        )
    }

    /// libxml2's global set-up is not safe to race; Swift runs a static initializer exactly once.
    private static let parserIsInitialized: Bool = {
        xmlInitParser()
        return true
    }()
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
