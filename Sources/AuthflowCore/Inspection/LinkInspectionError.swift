import AuthflowParsing

/// Why inspecting a link failed, as opposed to finding nothing recognisable.
public enum LinkInspectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a usable link.
    case input(LinkInputError)
    /// A short link could not be expanded.
    case shortLink(ShortLinkError)

    public var description: String {
        switch self {
        case .input(let error): error.description
        case .shortLink(let error): error.description
        }
    }
}
