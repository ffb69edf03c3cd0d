/// Finds the links of a raw email (`.eml`), whatever its MIME structure.
public enum EmailLinkExtractor {
    /// All links of an `.eml`, in message order, each URL once with the source of its first appearance: HTML parts
    /// go through ``HTMLLinkExtractor``, plain-text parts through ``TextLinkExtractor``.
    ///
    /// - Throws: the errors of ``MIMEMessage/parse(_:)``; on `.notAnEmail` the input may be bare HTML.
    public static func links(inEML bytes: [UInt8]) throws(DocumentError) -> [ExtractedLink] {
        let message = try MIMEMessage.parse(bytes)
        if message.textParts.contains(where: \.isHTML) { try HTMLLinkExtractor.loadLibrary() }
        return collect(in: message).links
    }

    /// All links of an already parsed message, as ``links(inEML:)`` finds them.
    public static func links(in message: MIMEMessage) -> [ExtractedLink] {
        collect(in: message).links
    }

    private static func collect(in message: MIMEMessage) -> ExtractedLink.Collector {
        var collector = ExtractedLink.Collector()
        for part in message.textParts {
            if part.isHTML {
                HTMLLinkExtractor.collectLinks(inHTML: part.text, into: &collector)
            } else {
                var text = part.text
                text.withUTF8 { TextLinkExtractor.collectLinks(in: $0, into: &collector) }
            }
        }
        return collector
    }
}
