import AuthflowHTTP
import AuthflowPrimitives

/// What one poll of the token endpoint answered (RFC 8628 §3.5; GitHub answers its errors with HTTP 200,
/// Google with 400/403/428, Facebook with its Graph error subcodes).
public enum DeviceTokenAnswer: Sendable, Equatable {
    /// The person approved: the provider's tokens.
    case tokens(accessToken: String?, idToken: String?)
    /// Not yet approved (`authorization_pending`; Facebook 1349174).
    case pending
    /// Polling too fast (`slow_down`; Facebook 1349172): wait 5 s more from now on, or the `interval` given.
    case slowDown(interval: Int?)
    /// The person declined (`access_denied`; Facebook 1349173).
    case denied
    /// The device code expired (`expired_token`, also spelt `token_expired` in GitHub's documentation;
    /// Facebook 1349152).
    case expired
    /// Anything else.
    case problem(DeviceGrantProblem)

    /// Facebook's `login_status` error subcodes for pending, slow down, declined and expired (the ones Facebook's
    /// own SDKs act on).
    static let facebookPending = "1349174"
    static let facebookSlowDown = "1349172"
    static let facebookDeclined = "1349173"
    static let facebookExpired = "1349152"

    /// The answer in `response`.
    public init(_ response: HTTPResponse) {
        guard let body = try? JSONParser.parse(response.body) else {
            self = .problem(.unexpectedAnswer(status: response.status))
            return
        }
        if let refusal = DeviceGrantForm.refusal(body) {
            guard case .refused(let error, _) = refusal else {
                self = .problem(refusal)
                return
            }
            switch error {
            case "authorization_pending", Self.facebookPending: self = .pending
            case "slow_down", Self.facebookSlowDown:
                self = .slowDown(interval: body["interval"]?.numberValue.map(Int.init))
            case "access_denied", Self.facebookDeclined: self = .denied
            // GitHub's documentation names the code `expired_token` and, in its description, `token_expired`.
            case "expired_token", "token_expired", Self.facebookExpired: self = .expired
            default: self = .problem(refusal)
            }
            return
        }
        let access = body["access_token"]?.stringValue
        let id = body["id_token"]?.stringValue
        guard (200..<300).contains(response.status), access != nil || id != nil else {
            self = .problem(.unexpectedAnswer(status: response.status))
            return
        }
        self = .tokens(accessToken: access, idToken: id)
    }
}
