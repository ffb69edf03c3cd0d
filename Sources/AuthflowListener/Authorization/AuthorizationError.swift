/// Why an ``AuthorizationSession`` ended without an authorization code.
public enum AuthorizationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request could not be made from what was given (the endpoint, the client ID).
    case request(AuthorizationRequestError)
    /// The listener could not start, or the wait ended without a callback: it timed out or was cancelled.
    case listener(RedirectListenerError)
    /// The callback that carried the state reported a failure: the server's `error`, or no code.
    case failed(AuthorizationFailure)

    /// The reason in English, for logs and embedders.
    public var description: String {
        switch self {
        case .request(let error): error.description
        case .listener(let error): error.description
        case .failed(let failure): failure.description
        }
    }
}
