/// Why an ``AuthorizationRequest`` cannot be made.
public enum AuthorizationRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The endpoint is not an absolute URL with a host.
    case notURL(String)
    /// The endpoint is neither `https` nor `http` on a loopback host: the request would travel in the clear.
    case insecureEndpoint(scheme: String, host: String)
    /// The endpoint has a `#fragment`, which an authorization endpoint must not have (RFC 6749 §3.1).
    case endpointHasFragment
    /// The endpoint's query or the additional parameters set a parameter the request sets itself.
    case reservedParameter(String)
    /// The client ID is empty.
    case emptyClientID
    /// The state is empty.
    case emptyState

    /// The reason in English, for logs and embedders.
    public var description: String {
        switch self {
        case .notURL(let text): "The authorization endpoint \(text) is not an absolute URL."
        case .insecureEndpoint(let scheme, let host):
            "The authorization endpoint \(scheme)://\(host) is neither https nor on a loopback host."
        case .endpointHasFragment: "The authorization endpoint has a fragment, which it must not have."
        case .reservedParameter(let name): "The parameter \(name) is set by the request itself."
        case .emptyClientID: "The client ID is empty."
        case .emptyState: "The state is empty."
        }
    }
}
