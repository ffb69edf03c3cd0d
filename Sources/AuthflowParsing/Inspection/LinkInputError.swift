import AuthflowPrimitives

/// Why a piece of text cannot be inspected as a link at all (as opposed to a link we don't recognise).
public enum LinkInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// Longer than ``LinkInput/maximumLength``.
    case tooLong(length: Int, limit: Int)
    /// Not valid UTF-8.
    case invalidUTF8
    /// Contains NUL or other control characters that no URL has.
    case controlCharacters
    /// Has no `scheme:` at the start.
    case notAURL(preview: String)
    /// More wrappers inside each other than ``ActionLinkUnwrapper/maximumDepth``.
    case tooDeeplyNested(limit: Int)
    /// A query parameter (at any layer: the link, a wrapper, a Dynamic Link) holds a broken percent escape,
    /// which the SDKs' strict decoding refuses: the link was cut off or altered in transit.
    case damagedParameter(name: String, PercentEscapeDamage)

    public var description: String {
        switch self {
        case .empty:
            "The input is empty: pass the link the user clicked, e.g. https://PROJECT.firebaseapp.com/__/auth/action?…"
        case .tooLong(let length, let limit):
            "The link is \(length) bytes long, over the \(limit)-byte limit: check that a whole file was not pasted as one link."
        case .invalidUTF8:
            "The input is not valid UTF-8 text: pass the link as text, or search a saved email or page for it."
        case .controlCharacters:
            "The link contains control characters: copy it again from the email or the browser's address bar."
        case .notAURL(let preview):
            "\"\(preview)\" is not a URL: a link starts with a scheme such as https://."
        case .tooDeeplyNested(let limit):
            "The link is wrapped more than \(limit) times: it looks malformed or hostile, so it was not unwrapped."
        case .damagedParameter(let name, .malformedEscape):
            "The link's \(name) parameter holds a % that is not followed by two hex digits: the link was cut off "
                + "or altered in transit. Copy it again."
        case .damagedParameter(let name, .invalidUTF8):
            "The link's \(name) parameter decodes to bytes that are not UTF-8: the link was cut off or altered in "
                + "transit. Copy it again."
        }
    }
}
