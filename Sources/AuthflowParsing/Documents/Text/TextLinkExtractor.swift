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
        while let url = scanner.next() {
            collector.add(url, source: source)
        }
    }
}

extension TextLinkExtractor {
    /// ASCII classes from RFC 3986, as byte tests.
    enum ByteClass {
        static let colon = UInt8(ascii: ":")
        static let slash = UInt8(ascii: "/")
        static let lessThan = UInt8(ascii: "<")
        static let greaterThan = UInt8(ascii: ">")

        static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        static func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }

        /// Printable ASCII that may appear in a URL written in text; excludes the RFC 3986 Appendix C delimiters
        /// (`"`, `<`, `>`) and the characters never allowed unescaped (`{`, `}`, `|`, `\`, `^`, `` ` ``).
        static func isURLByte(_ byte: UInt8) -> Bool {
            guard byte > 0x20, byte < 0x7F else { return false }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
                return false
            default:
                return true
            }
        }

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
    }
}
