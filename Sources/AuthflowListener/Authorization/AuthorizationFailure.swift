/// How a callback that carries this request's `state` can still fail to answer it with a code: the ``RedirectListener``
/// shows the browser the "sign-in failed" page for it (worded by the installed ``CallbackPageWording``), and
/// ``AuthorizationSession/response(timeout:)`` throws it as ``AuthorizationError/failed(_:)``.
public enum AuthorizationFailure: Error, CallbackFailure, Hashable {
    /// The authorization server redirected back with an `error` (RFC 6749 §4.1.2.1). `description` and `uri` are
    /// its `error_description` and `error_uri` when it sent them: the server's own text, to be shown as data.
    case denied(AuthorizationErrorCode, description: String?, uri: String?)
    /// The callback carries the state but neither a `code` nor an `error`.
    case missingCode

    /// The failure in English, for logs and embedders.
    public var description: String {
        switch self {
        case .denied(let code, nil, _):
            "The authorization server answered with an error: \(code.wire)."
        case .denied(let code, let detail?, _):
            "The authorization server answered with an error: \(code.wire) (\(detail))."
        case .missingCode:
            "The authorization server sent the browser back without an authorization code."
        }
    }
}
