import AuthflowListener

/// Why an ``EmbeddedBackend`` could not start.
public enum EmbeddedBackendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host to advertise is not a loopback name or address.
    case hostNotLoopback(String)
    /// The project ID is empty or holds characters that do not belong in a URL path segment.
    case invalidProjectID(String)
    /// The loopback server could not start (for example, the port is in use).
    case server(LoopbackServerError)
    /// A page template is missing or broken.
    case templates(TemplateError)

    public var description: String {
        switch self {
        case .hostNotLoopback(let host):
            return
                "\(host) is not a loopback host: this test backend only serves 127.0.0.1 and ::1, so links must name "
                + "127.0.0.1, localhost or ::1. It has no access control and must never be reachable from other machines."
        case .invalidProjectID(let projectID):
            return "\"\(projectID)\" is not a usable project ID: use letters, digits and dashes, e.g. demo-authflow."
        case .server(let error):
            return error.description
        case .templates(let error):
            return error.description
        }
    }
}
