import AuthflowParsing

/// Why a document (HTML page or .eml) could not be searched for an action link.
public enum DocumentSearchError: Error, Sendable, CustomStringConvertible {
    /// The document could not be read as HTML or MIME.
    case document(DocumentError)
    /// Only short links were found, and none could be expanded.
    case shortLink(ShortLinkError)
    /// No usable Firebase link was found, and one that looks like a Firebase link is damaged (a parameter holds a
    /// broken percent escape): the document was altered in transit.
    case damagedLink(LinkInputError)

    public var description: String {
        switch self {
        case .document(let error): error.description
        case .shortLink(let error): error.description
        case .damagedLink(let error): error.description
        }
    }
}
