/// Finds URLs written out in plain text, such as the text part of an email or the text nodes of an HTML page.
///
/// Any `scheme://` URL is found, not only http(s), because sign-in links can reach an app through its custom scheme
/// (`com.googleusercontent.apps.123://firebaseauth/link?…`). The scanner works on UTF-8 bytes in a single pass.
public enum TextLinkExtractor {
    /// URLs in `text`, in order of first appearance, each once.
    ///
    /// Follows the conventions of RFC 3986 Appendix C: a URL in `<…>` (or `<URL:…>`) ends at the `>` and may be
    /// wrapped across lines, the line breaks and blanks being dropped. A bare URL ends at a blank, a quote, `<`, `>`
    /// or a non-ASCII character (mailed links are percent-encoded), and loses trailing punctuation that belongs to
    /// the sentence: `.`, `,`, `:`, `;`, `!`, `?`, `'`, and `)` or `]` without a matching opener inside the URL.
    public static func links(inText text: String) -> [ExtractedLink] {
        var collector = ExtractedLink.Collector()
        var text = text
        text.withUTF8 { collectLinks(in: $0, into: &collector) }
        return collector.links
    }

    static func collectLinks(
        in text: UnsafeBufferPointer<UInt8>,
        source: LinkSource = .text,
        into collector: inout ExtractedLink.Collector
    ) {
        var scanner = URLScanner(text: text)
        while !collector.isFull, let url = scanner.next() {
            collector.add(url, source: source)
        }
    }
}
