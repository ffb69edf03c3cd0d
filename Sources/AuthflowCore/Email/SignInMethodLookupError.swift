import AuthflowIdentityToolkit

/// Why ``SignInMethodLookup`` could not say how an address signs in.
public enum SignInMethodLookupError: Error, Sendable, CustomStringConvertible {
    /// The text is not an email address; nothing was asked.
    case invalidEmail(InvalidEmailAddress)
    /// The server could not be asked, or refused.
    case service(IdentityToolkitError)

    public var description: String {
        switch self {
        case .invalidEmail(let invalid): invalid.description
        case .service(let error): error.description
        }
    }
}
