import AuthflowPrimitives

/// Why a document could not be searched for links.
public enum DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is bigger than the parser accepts; `limit` is the maximum size in bytes.
    case tooLarge(limit: Int)
    /// The input does not start with RFC 5322 header lines, so it is not an email (it may be bare HTML or text).
    case notAnEmail(detail: String)
    /// MIME parts are nested deeper than `limit` levels, which no real mail does.
    case nestingTooDeep(limit: Int)
    /// The email has more text parts than `limit`; the search stopped there rather than miss a link quietly.
    case tooManyParts(limit: Int)
    /// libxml2, which reads HTML, could not be opened (it is loaded on first use, not at exec).
    case libraryUnavailable(SharedLibraryUnavailable)

    public var description: String {
        switch self {
        case .tooLarge(let limit):
            "The document is larger than the limit of \(limit) bytes."
        case .notAnEmail(let detail):
            "The input is not an email: \(detail)"
        case .nestingTooDeep(let limit):
            "The email nests MIME parts more than \(limit) levels deep."
        case .tooManyParts(let limit):
            "The email has more than \(limit) text parts, the most searched; the search stopped there."
        case .libraryUnavailable(let missing):
            "HTML cannot be read: \(missing)"
        }
    }
}
