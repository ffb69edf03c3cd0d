import AuthflowHTTP

/// Why a device grant's provider did not hand a token, apart from the person's own answers (denied, expired).
public enum DeviceGrantProblem: Error, Sendable, Equatable {
    /// The provider could not be reached.
    case unreachable(HTTPError)
    /// The provider refused with `error` (an RFC 6749 or RFC 8628 code, or Facebook's error subcode), e.g.
    /// `device_flow_disabled`, `invalid_client`.
    case refused(error: String, description: String?)
    /// The answer was not the documented JSON (HTTP `status`).
    case unexpectedAnswer(status: Int)
    /// The OIDC issuer's discovery document names no `device_authorization_endpoint` (or no `token_endpoint`).
    case noDeviceEndpoint(issuer: String)
    /// The token answer lacks the token Firebase needs for this provider (`id_token` or `access_token`).
    case tokenMissing(field: String)
}
