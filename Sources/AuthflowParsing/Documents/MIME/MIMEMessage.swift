/// An email (RFC 5322 with MIME, RFC 2045–2047) reduced to what link extraction needs: its headers, its subject and
/// its text parts.
public struct MIMEMessage: Sendable {
    /// The biggest message accepted, in bytes; base64 attachments make mail bigger than the HTML it carries.
    public static let maximumInputSize = 64 * 1024 * 1024
    /// How deep multipart and message/rfc822 parts may nest; real mail stays under ten.
    public static let maximumNestingDepth = 32
    /// The most text parts kept; further parts are ignored.
    public static let maximumTextPartCount = 10_000

    /// The top-level header fields in order, unfolded, values as written (encoded-words not decoded).
    public var headers: [HeaderField]
    /// The `Subject` with RFC 2047 encoded-words decoded, for showing the user which mail was read.
    public var subject: String?
    /// The leaf `text/plain` and `text/html` parts in message order, including those of attached messages.
    public var textParts: [MIMEPart]

    /// A message built by hand, for callers that already split one; ``parse(_:)`` is the usual way in.
    public init(headers: [HeaderField], subject: String?, textParts: [MIMEPart]) {
        self.headers = headers
        self.subject = subject
        self.textParts = textParts
    }

    /// The value of the first header field called `name` (case-insensitive), as written.
    public func value(ofHeader name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses a raw message, as saved in a `.eml` file or an mbox entry (a leading `From ` line is skipped).
    ///
    /// Lenient by design: CRLF and bare LF line ends, a missing closing boundary, a missing `boundary` parameter
    /// (guessed from the body), malformed quoted-printable and base64 are all read as well as possible.
    ///
    /// - Throws: `.notAnEmail` when the input does not start with header lines (bare HTML, say), `.tooLarge` past
    ///   ``maximumInputSize``, `.nestingTooDeep` past ``maximumNestingDepth``.
    public static func parse(_ bytes: [UInt8]) throws(DocumentError) -> MIMEMessage {
        guard bytes.count <= maximumInputSize else { throw .tooLarge(limit: maximumInputSize) }
        let start = Self.startSkippingMboxLine(bytes)
        let header = HeaderBlock.parse(bytes, in: start..<bytes.count)
        guard !header.fields.isEmpty else {
            throw .notAnEmail(detail: "it does not start with header lines such as \"From:\" or \"Subject:\".")
        }
        var walker = EntityWalker()
        try walker.walk(
            bytes,
            headers: header.fields,
            body: header.bodyStart..<bytes.count,
            defaultType: "text/plain",
            depth: 0
        )
        let subject = header.fields.first { $0.name.lowercased() == "subject" }.map { EncodedWords.decode($0.value) }
        return MIMEMessage(headers: header.fields, subject: subject, textParts: walker.parts)
    }

    private static func startSkippingMboxLine(_ bytes: [UInt8]) -> Int {
        guard bytes.starts(with: "From ".utf8) else { return 0 }
        return bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
    }
}
