import AuthflowListener
import AuthflowPrimitives
import Foundation
import Synchronization

/// Answers every request of one ``EmbeddedBackend``. Runs on the listener's connection threads; all
/// mutable state sits behind locks, and no request can crash the process: every failure becomes an HTTP
/// error reply.
final class BackendService: Sendable {
    let configuration: EmbeddedBackend.Configuration
    let renderer: PageRenderer
    /// Every project's and tenant's state, behind one lock (see ``ScopedStates``).
    let scopes: Mutex<ScopedStates>
    let faults = FaultTable()
    let verifyAppError = Mutex<EmbeddedBackend.HostedPageError?>(nil)
    let appCheck = AppCheckRegistry()
    let keyRestriction = Mutex<EmbeddedBackend.KeyRestriction?>(nil)
    let receivedHeaders = Mutex<[BackendRequestHeaders]>([])
    let deviceAuthorizations: DeviceAuthorizationRegistry
    private let originStorage = Mutex("")

    init(configuration: EmbeddedBackend.Configuration, renderer: PageRenderer) {
        self.configuration = configuration
        self.renderer = renderer
        deviceAuthorizations = DeviceAuthorizationRegistry(
            interval: configuration.deviceAuthorizationInterval, codeLifetime: configuration.deviceCodeLifetime)
        scopes = Mutex(
            ScopedStates { projectID in
                var state = BackendState(
                    projectID: projectID, emailEnumerationProtection: configuration.emailEnumerationProtection,
                    verificationCodeLifetime: configuration.verificationCodeLifetime
                )
                state.totpEnabled = configuration.totpEnabled
                return state
            })
    }

    /// The configured project's own state: what the inspection API, the emulator's settings and the pages
    /// without a tenant read and change.
    var state: ScopedStateLock { ScopedStateLock(service: self, scope: StateScope(projectID: configuration.projectID)) }

    /// The state of `scope`.
    func state(_ scope: StateScope) -> ScopedStateLock {
        ScopedStateLock(service: self, scope: scope)
    }

    /// `http://<advertised host:port>`; known only once the server has bound its port.
    var origin: String { originStorage.withLock { $0 } }

    func setOrigin(_ origin: String) {
        originStorage.withLock { $0 = origin }
    }

    func emit(_ lines: [String]) {
        guard let log = configuration.log else { return }
        lines.forEach(log)
    }

    func handle(_ request: LoopbackRequest) -> LoopbackResponse {
        let origin = RequestOrigin(request)
        let route = Router.route(method: request.method, path: request.path, revokeToken: configuration.revokeToken)
        if request.method == "OPTIONS" {
            return CORS.preflight(request, origin: origin, emulatorOnly: route.isEmulatorAPI)
        }
        if origin == .foreign, let refusal = Self.refusalOfForeignPage(route, request) {
            emit(["Refused a request from a web page not served from this machine's loopback: \(refusal.message)"])
            // No cross-origin headers: the page does not even learn why.
            return JSONReply.error(refusal)
        }
        let fault = faults.take(
            for: route.faultKey(path: URLEncoding.decode(Substring(request.path), plusIsSpace: false)))
        var response: LoopbackResponse
        switch fault {
        case .status(let status, let body):
            response = LoopbackResponse(status: status, headers: [JSONReply.contentType], body: Array(body.utf8))
        case .delay(let duration):
            Thread.sleep(forTimeInterval: duration.timeInterval)
            response = dispatch(route, request)
        case .truncatedJSON:
            response = dispatch(route, request)
            response.body = Array(response.body.prefix(response.body.count / 2))
        case .slowBody(let bytes, let interval):
            response = dispatch(route, request)
            response.delivery = .paced(bytes: bytes, interval: interval)
        case .droppedConnection:
            response = dispatch(route, request)
            response.delivery = .cutOff(afterBytes: response.body.count / 2)
        case .redirect(let status, let location):
            response = LoopbackResponse(status: status, headers: [HTTPHeader(name: "Location", value: location)])
        case .malformedJSON:
            response = LoopbackResponse(
                status: 200, headers: [JSONReply.contentType], body: Array("{\"idToken\": <html>not json".utf8))
        case nil:
            response = dispatch(route, request)
        }
        CORS.decorate(&response, for: request)
        return response
    }

    /// Why a request from a page that is not on loopback is refused: the emulator-only API, or any request
    /// carrying `Authorization` (`Bearer owner` is a fixed string any page could send); `nil` to serve it.
    private static func refusalOfForeignPage(_ route: Route, _ request: LoopbackRequest) -> APIError? {
        if route.isEmulatorAPI { return .foreignPage(.emulatorAPI) }
        if request.header("Authorization") != nil { return .foreignPage(.credential) }
        return nil
    }

    private func dispatch(_ route: Route, _ request: LoopbackRequest) -> LoopbackResponse {
        switch route {
        case .rest(let operation): return RestHandler.handle(operation, request, service: self)
        case .root: return JSONReply.ok(Self.rootReply)
        case .emulatorAPI(let projectID, let tenantID, let resource):
            let scope = StateScope(projectID: projectID, tenantID: tenantID)
            return EmulatorAPIHandler.handle(scope, resource: resource, request, service: self)
        case .action: return ActionHandler.handle(request, service: self)
        case .idpWidget: return IdpWidget.page(request, service: self)
        case .idpWidgetSelect: return IdpWidget.select(request, service: self)
        case .verifyAppPage: return VerifyAppPage.page(request, service: self)
        case .verifyAppSubmit: return VerifyAppPage.submit(request, service: self)
        case .appCheckExchange(let projectID, let appID, let method):
            return AppCheckExchange.handle(projectID: projectID, appID: appID, method: method, request, service: self)
        case .recaptchaStandInExecute: return RecaptchaStandInScript.execute(request, service: self)
        case .recaptchaStandInScript: return RecaptchaStandInScript.reply()
        case .firebaseWebSDKStandIn(let module): return FirebaseWebSDKStandIn.reply(module)
        case .emulatorIframe: return EmulatorIframe.page(request)
        case .emulatorIframeScript: return EmulatorIframe.script()
        case .authEventRelayScript: return AuthEventRelay.script()
        case .gapiStandIn: return GapiStandIn.reply()
        case .hubExport: return HubExportEndpoint.handle(request, service: self)
        case .deviceAuthorization(let endpoint):
            return DeviceAuthorizationStandIn.handle(endpoint, request, service: self)
        case .notFound: return JSONReply.error(.notFound)
        }
    }

    private static let rootReply: JSONValue = [
        "authEmulator": [
            "ready": true, "docs": "https://firebase.google.com/docs/emulator-suite",
            "apiSpec": "/emulator/openapi.json",
        ]
    ]
}
