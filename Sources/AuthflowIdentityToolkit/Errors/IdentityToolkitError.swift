import AuthflowHTTP

/// Why a call failed, in cases that need different handling: the request never got an answer, the backend
/// refused it, the backend is down, or the answer was unusable.
///
/// For exit codes and hints: treat ``unavailable(status:excerpt:)`` and ``server(_:)`` errors whose category is
/// ``ServerErrorCategory/serverUnavailable`` as "backend unavailable, try later" (``isBackendUnavailable``);
/// ``network(_:)`` means the backend could not be reached at all (offline, emulator not running, proxy).
/// Descriptions never contain request bodies or the credentials in them.
public enum IdentityToolkitError: Error, Sendable, CustomStringConvertible {
    /// No response arrived: connection refused, DNS, TLS, timeout, cancellation.
    case network(HTTPError)
    /// The backend answered with an error envelope (or a 2xx with `errorMessage`).
    case server(ServerError)
    /// A 5xx (or 429) whose body is not an error envelope, such as a load balancer's HTML 502 page.
    case unavailable(status: Int, excerpt: String)
    /// The reply could not be used: not JSON, or missing what the call needs.
    case malformedResponse(MalformedResponse)
    /// The request was refused before sending because it could not succeed (e.g. an empty SMS code).
    case invalidRequest(InvalidRequestReason)
    /// The backend (or something answering for it) replied with a redirect. It was not followed, so the
    /// request's key, body and headers reached no other host; the call did not happen.
    case redirected(RefusedRedirect)
    /// No App Check token could be had from the configured source, or the backend refused the one sent.
    case appCheck(AppCheckFailure)

    /// The refusal, when the backend refused.
    public var serverError: ServerError? {
        if case .server(let error) = self { return error }
        return nil
    }

    /// Whether the backend is up but failing, so the same call may work later.
    public var isBackendUnavailable: Bool {
        switch self {
        case .unavailable: true
        case .server(let error): error.category == .serverUnavailable
        default: false
        }
    }

    /// A description for people and logs, without credentials.
    public var description: String {
        switch self {
        case .network(let error):
            return "Could not reach Firebase Auth: \(error.description)"
        case .server(let error):
            return error.description
        case .unavailable(let status, let excerpt):
            let shown = excerpt.isEmpty ? "" : ": \(excerpt)"
            if status == 429 {
                return
                    "The Firebase Auth backend is limiting requests (HTTP 429\(shown)). Wait a minute, then try again."
            }
            return "The Firebase Auth backend is unavailable (HTTP \(status)\(shown)). Try again in a few minutes."
        case .malformedResponse(let response):
            let shown = response.excerpt.isEmpty ? "" : " (\(response.excerpt))"
            return
                "Firebase Auth sent a reply this client cannot use (HTTP \(response.status)): \(response.problem)\(shown). Check that the backend address points at Firebase Auth or its emulator."
        case .invalidRequest(let reason):
            return reason.description
        case .redirected(let redirect):
            return redirect.description
        case .appCheck(let failure):
            return failure.description
        }
    }
}
