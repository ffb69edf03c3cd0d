import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Synchronization

/// A loopback stand-in of the providers' device endpoints, answering as GitHub's, Google's, Facebook's and an
/// OIDC issuer's documentation says, under `/<provider host>/<provider path>` (the layout
/// `--device-endpoint-base` asks for). Each poll of a token endpoint takes the next scripted outcome; the last
/// one repeats.
final class DeviceProviderStandIn: Sendable {
    /// One scripted answer of a token endpoint.
    enum Outcome: Sendable {
        case pending, slowDown, denied, expired
        /// The person approved: the provider's token (an ID token for Google and OIDC, else an access token).
        case approved(token: String)
    }

    let recording: RecordingServer

    /// The outcomes still to answer, and the server's own base URL (known once it listens).
    private final class Script: Sendable {
        let outcomes: Mutex<[Outcome]>
        let base = Mutex("")

        init(_ outcomes: [Outcome]) { self.outcomes = Mutex(outcomes) }

        func next() -> Outcome {
            outcomes.withLock { list in list.count > 1 ? list.removeFirst() : list.first ?? .pending }
        }
    }

    /// A stand-in whose codes last `expiresIn` seconds with a poll `interval`, answering polls with `outcomes`.
    init(outcomes: [Outcome], expiresIn: Int = 60, interval: Int = 1) throws {
        let script = Script(outcomes)
        recording = try RecordingServer { request in
            Self.answer(request, script: script, expiresIn: expiresIn, interval: interval)
        }
        let base = String(recording.url("/").dropLast())
        script.base.withLock { $0 = base }
    }

    /// The base URL to pass as `--device-endpoint-base`.
    var base: String {
        let url = recording.url("/")
        return String(url.dropLast())
    }

    /// The requests whose path is `path`.
    func requests(to path: String) -> [LoopbackRequest] { recording.requests.filter { $0.path == path } }

    deinit { recording.stop() }

    private static func json(_ value: JSONValue, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(
            status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: Array(JSONWriter.string(value).utf8))
    }

    private static func answer(
        _ request: LoopbackRequest, script: Script, expiresIn: Int, interval: Int
    ) -> LoopbackResponse {
        let base = script.base.withLock { $0 }
        let facebookGraph = "/graph.facebook.com/v2.6"
        switch request.path {
        case "/github.com/login/device/code":
            return json([
                "device_code": "github-device-code", "user_code": "WDJB-MJHT",
                "verification_uri": "https://github.com/login/device", "expires_in": .integer(expiresIn),
                "interval": .integer(interval),
            ])
        case "/oauth2.googleapis.com/device/code":
            return json([
                "device_code": "google-device-code", "user_code": "GQVQ-JKEC",
                "verification_url": "https://www.google.com/device", "expires_in": .integer(expiresIn),
                "interval": .integer(interval),
            ])
        case facebookGraph + "/device/login":
            return json([
                "code": "facebook-device-code", "user_code": "A1NWZ9",
                "verification_uri": "https://www.facebook.com/device", "expires_in": .integer(expiresIn),
                "interval": .integer(interval),
            ])
        case "/issuer/.well-known/openid-configuration":
            return json([
                "issuer": .string(base + "/issuer"),
                "device_authorization_endpoint": .string(base + "/issuer/device"),
                "token_endpoint": .string(base + "/issuer/token"),
            ])
        case "/issuer/device":
            return json([
                "device_code": "oidc-device-code", "user_code": "OIDC-CODE",
                "verification_uri": "https://idp.example.com/device",
                "verification_uri_complete": "https://idp.example.com/device?user_code=OIDC-CODE",
                "expires_in": .integer(expiresIn), "interval": .integer(interval),
            ])
        case "/github.com/login/oauth/access_token":
            // GitHub answers its errors with HTTP 200.
            switch script.next() {
            case .pending: return json(["error": "authorization_pending"])
            case .slowDown: return json(["error": "slow_down", "interval": .integer(interval + 5)])
            case .denied: return json(["error": "access_denied"])
            case .expired: return json(["error": "expired_token"])
            case .approved(let token):
                return json(["access_token": .string(token), "token_type": "bearer", "scope": "read:user,user:email"])
            }
        case "/oauth2.googleapis.com/token", "/issuer/token":
            switch script.next() {
            case .pending: return json(["error": "authorization_pending"], status: 428)
            case .slowDown: return json(["error": "slow_down"], status: 403)
            case .denied: return json(["error": "access_denied"], status: 403)
            case .expired: return json(["error": "expired_token"], status: 400)
            case .approved(let token):
                return json([
                    "access_token": "ya29.standin", "expires_in": 3599, "token_type": "Bearer",
                    "scope": "openid email profile", "id_token": .string(token),
                ])
            }
        case facebookGraph + "/device/login_status":
            let subcode: Int
            switch script.next() {
            case .pending: subcode = 1_349_174
            case .slowDown: subcode = 1_349_172
            case .expired: subcode = 1_349_152
            case .denied: return json(["error": ["message": "denied", "code": 190]], status: 400)
            case .approved(let token): return json(["access_token": .string(token), "expires_in": 5_183_944])
            }
            return json(
                ["error": ["message": "device login", "code": 31, "error_subcode": .integer(subcode)]], status: 400)
        default:
            return .text("not found", status: 404)
        }
    }
}
