import AuthflowParsing

/// Why a document (HTML page or .eml) could not be searched for an action link.
public enum DocumentSearchError: Error, Sendable, CustomStringConvertible {
    /// The document could not be read as HTML or MIME.
    case document(DocumentError)
    /// Only short links were found, and none could be expanded.
    case shortLink(ShortLinkError)

    public var description: String {
        switch self {
        case .document(let error): error.description
        case .shortLink(let error): error.description
        }
    }
}
