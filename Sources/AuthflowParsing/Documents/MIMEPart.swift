/// A leaf text part of an email, already decoded to Unicode.
///
/// Only the text that may carry a link is kept; attachments and images are skipped by the parser.
public struct MIMEPart: Sendable, Hashable {
    /// The lowercased media type, `text/plain` or `text/html`.
    public var contentType: String
    /// The charset the part declared, lowercased; `nil` when it declared none.
    public var charset: String?
    /// The body after transfer decoding and charset conversion; undecodable bytes become U+FFFD.
    public var text: String

    /// A decoded text part.
    public init(contentType: String, charset: String?, text: String) {
        self.contentType = contentType
        self.charset = charset
        self.text = text
    }

    /// Whether the part should go through the HTML parser rather than the plain-text scanner.
    public var isHTML: Bool { contentType == "text/html" }
}
