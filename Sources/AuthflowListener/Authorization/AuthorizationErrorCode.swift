/// The `error` an authorization server redirects back with instead of a code (RFC 6749 §4.1.2.1), typed: the
/// codes the RFC defines, and any other as ``other(_:)``.
public enum AuthorizationErrorCode: Sendable, Hashable, CustomStringConvertible {
    /// The person declined, or the server refused the request.
    case accessDenied
    /// The request is missing a parameter, repeats one, or is otherwise malformed.
    case invalidRequest
    /// This client may not ask for a code this way.
    case unauthorizedClient
    /// The server does not hand out codes by this method.
    case unsupportedResponseType
    /// A scope asked for is invalid, unknown or malformed.
    case invalidScope
    /// The server failed on its side.
    case serverError
    /// The server is overloaded or down for maintenance; trying later may work.
    case temporarilyUnavailable
    /// Another code, such as OpenID Connect's `login_required` or `consent_required`, as sent.
    case other(String)

    /// The code as sent.
    public init(_ wire: String) {
        switch wire {
        case "access_denied": self = .accessDenied
        case "invalid_request": self = .invalidRequest
        case "unauthorized_client": self = .unauthorizedClient
        case "unsupported_response_type": self = .unsupportedResponseType
        case "invalid_scope": self = .invalidScope
        case "server_error": self = .serverError
        case "temporarily_unavailable": self = .temporarilyUnavailable
        default: self = .other(wire)
        }
    }

    /// The code as it travels: `access_denied`.
    public var wire: String {
        switch self {
        case .accessDenied: "access_denied"
        case .invalidRequest: "invalid_request"
        case .unauthorizedClient: "unauthorized_client"
        case .unsupportedResponseType: "unsupported_response_type"
        case .invalidScope: "invalid_scope"
        case .serverError: "server_error"
        case .temporarilyUnavailable: "temporarily_unavailable"
        case .other(let wire): wire
        }
    }

    public var description: String { wire }
}
