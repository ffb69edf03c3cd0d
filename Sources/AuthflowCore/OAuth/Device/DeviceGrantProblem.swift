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

    /// Whether the provider refused the device client itself, not the person's answer: the client is unknown,
    /// its credentials are wrong, or it may not use the device grant. The project's setup at the provider has
    /// to change; running again cannot help.
    public var refusesClient: Bool {
        guard case .refused(let error, _) = self else { return false }
        return Self.clientRefusals.contains(error)
    }

    /// The refusals that name the client's setup, per the providers' documentation.
    static let clientRefusals: Set<String> = [
        // GitHub's device flow errors: the OAuth app has "Enable Device Flow" unticked; wrong client credentials.
        "device_flow_disabled", "incorrect_client_credentials",
        // RFC 6749 §5.2 and RFC 8628 (Google, OIDC issuers; GitHub too): an unknown client or wrong secret (Google:
        // also a client that is not of the "TVs and Limited Input devices" type), a client not allowed the
        // device grant, a server with the grant not enabled.
        "invalid_client", "unauthorized_client", "unsupported_grant_type",
        // Facebook's Graph API: 190, an invalid access token (a wrong APP_ID|CLIENT_TOKEN); 3, a capability the
        // app lacks (inferred to be "Login from Devices" turned off: Facebook does not document that answer).
        "190", "3",
    ]
}
