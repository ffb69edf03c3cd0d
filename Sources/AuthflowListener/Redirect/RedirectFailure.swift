/// The failure the generic ``CallbackCheck/state(_:parameter:)`` check reads from a matching callback: nothing
/// here is particular to OAuth providers or Firebase.
public enum RedirectFailure: CallbackFailure, Hashable {
    /// The authorization server answered with an OAuth `error` (RFC 6749 §4.1.2.1), and its `error_description`
    /// when it gave one. Both are the server's own text, shown as sent.
    case authorizationError(error: String, detail: String?)

    /// The failure in English, for logs and embedders.
    public var description: String {
        switch self {
        case .authorizationError(let error, nil):
            "The authorization server answered with an error: \(error)."
        case .authorizationError(let error, let detail?):
            "The authorization server answered with an error: \(error) (\(detail))."
        }
    }
}
