/// What a request asks for, decided from its method and path alone.
enum Route: Sendable {
    /// A REST call; `name` names it for faults even when the method does not match.
    case rest(RestOperation)
    /// `GET /`: the emulator's readiness reply.
    case root
    /// `/emulator/v1/projects/<id>/<resource>` or `/emulator/v1/projects/<id>/tenants/<tenant>/<resource>`.
    case emulatorAPI(projectID: String, tenantID: String?, resource: String)
    /// `GET /emulator/action`: opening an action link.
    case action
    /// `GET /emulator/auth/handler`: the IdP widget.
    case idpWidget
    /// `GET|POST /emulator/auth/handler/select`: choosing an account in the widget.
    case idpWidgetSelect
    /// `GET /__/auth/handler`: the stand-in for the hosted reCAPTCHA (`verifyApp`) page.
    case verifyAppPage
    /// `GET|POST /__/auth/handler/verify`: the stand-in's "I'm not a robot" answer.
    case verifyAppSubmit
    /// `POST /app-check/v1/projects/<id>/apps/<appId>:<method>`: the App Check stand-in (``AppCheckExchange``).
    case appCheckExchange(projectID: String, appID: String, method: String)
    /// `POST` the stand-in reCAPTCHA Enterprise script's token request.
    case recaptchaStandInExecute
    /// `GET /www.google.com/recaptcha/enterprise.js`: the stand-in reCAPTCHA Enterprise script.
    case recaptchaStandInScript
    /// `GET /www.gstatic.com/firebasejs/<version>/<module>.js`: the stand-in Firebase JS SDK modules.
    case firebaseWebSDKStandIn(module: String)
    /// `GET /emulator/auth/iframe`: the helper iframe the web SDK embeds.
    case emulatorIframe
    /// `GET /emulator/auth/iframe.js`: its script.
    case emulatorIframeScript
    /// `GET /emulator/auth/handler/relay.js`: the widget's script handing a result to the web SDK.
    case authEventRelayScript
    /// `GET /apis.google.com/js/api.js`: the stand-in of Google's API loader (`gapi.iframes`).
    case gapiStandIn
    /// A provider's device authorization or token endpoint, or the OIDC issuer's discovery document
    /// (``DeviceAuthorizationStandIn``), under the provider's host name (`/github.com/login/device/code`).
    case deviceAuthorization(DeviceAuthorizationProvider.Endpoint)
    /// `POST /_admin/export`: the emulator hub's export of a running emulator (``HubExportEndpoint``).
    case hubExport
    case notFound

    /// The emulator-only API (`/emulator/v1/…`), which pages not on loopback may not use.
    var isEmulatorAPI: Bool {
        if case .emulatorAPI = self { return true }
        return false
    }

    /// The name faults are keyed by: the REST operation name (`accounts:signUp`, `token`), else the path.
    func faultKey(path: String) -> String {
        if case .rest(let operation) = self { return operation.name }
        if case .appCheckExchange(_, _, let method) = self { return method }
        return path
    }
}

/// Maps method and path to a ``Route``; unknown paths and REST methods that do not match are 404, as in
/// the emulator.
enum Router {
    static let widgetSelectPath = "/emulator/auth/handler/select"
    static let verifyAppSubmitPath = "/__/auth/handler/verify"

    static func route(method: String, path rawPath: String, revokeToken: EmbeddedBackend.RevokeTokenBehavior) -> Route {
        let path = URLEncoding.decode(Substring(rawPath), plusIsSpace: false)
        let method = method == "HEAD" ? "GET" : method

        if path.hasPrefix(RestCatalog.identityToolkitPrefix) {
            let rest = path.dropFirst(RestCatalog.identityToolkitPrefix.count)
            let operation: RestOperation?
            if rest.hasPrefix("v1/") {
                let name = String(rest.dropFirst(3))
                operation = RestCatalog.v1(name) ?? RestCatalog.v1Resource(name, method: method)
            } else if rest.hasPrefix("v2/") {
                let name = String(rest.dropFirst(3))
                operation =
                    RestCatalog.v2(name, revokeToken: revokeToken) ?? RestCatalog.v2Resource(name, method: method)
            } else {
                operation = nil
            }
            return restRoute(operation, method: method)
        }
        if path == RestCatalog.secureTokenPath { return restRoute(RestCatalog.secureToken, method: method) }
        if path.hasPrefix(AppCheckExchange.pathPrefix) {
            guard method == "POST", let exchange = AppCheckExchange.parse(path) else { return .notFound }
            return .appCheckExchange(projectID: exchange.projectID, appID: exchange.appID, method: exchange.method)
        }
        if path.hasPrefix(RestCatalog.legacyPrefix) {
            let legacy = String(path.dropFirst(RestCatalog.legacyPrefix.count))
            if legacy == "signOutUser" { return restRoute(RestCatalog.signOutUser, method: method) }
            if let transfer = RestCatalog.legacyTransfer(legacy) { return restRoute(transfer, method: method) }
            guard let name = RestCatalog.legacyNames[legacy] else { return .notFound }
            return restRoute(RestCatalog.v1(name), method: method)
        }
        if path.hasPrefix("/emulator/v1/projects/") {
            let parts = path.dropFirst("/emulator/v1/projects/".count).split(
                separator: "/", omittingEmptySubsequences: false)
            guard !parts[0].isEmpty else { return .notFound }
            if parts.count == 2 {
                return .emulatorAPI(projectID: String(parts[0]), tenantID: nil, resource: String(parts[1]))
            }
            guard parts.count == 4, parts[1] == "tenants", !parts[2].isEmpty else { return .notFound }
            return .emulatorAPI(projectID: String(parts[0]), tenantID: String(parts[2]), resource: String(parts[3]))
        }
        if let endpoint = DeviceAuthorizationProvider.endpoint(method: method, path: path) {
            return .deviceAuthorization(endpoint)
        }
        switch (method, path) {
        case ("GET", "/"): return .root
        case ("GET", "/emulator/action"): return .action
        case ("GET", "/emulator/auth/handler"): return .idpWidget
        case ("GET", widgetSelectPath), ("POST", widgetSelectPath): return .idpWidgetSelect
        case ("GET", "/__/auth/handler"): return .verifyAppPage
        case ("GET", verifyAppSubmitPath), ("POST", verifyAppSubmitPath): return .verifyAppSubmit
        case ("POST", RecaptchaStandInScript.executePath): return .recaptchaStandInExecute
        case ("GET", RecaptchaStandInScript.path): return .recaptchaStandInScript
        case ("GET", EmulatorIframe.path): return .emulatorIframe
        case ("GET", EmulatorIframe.scriptPath): return .emulatorIframeScript
        case ("GET", AuthEventRelay.scriptPath): return .authEventRelayScript
        case ("GET", GapiStandIn.path): return .gapiStandIn
        case ("POST", HubExportEndpoint.path): return .hubExport
        case ("GET", _) where FirebaseWebSDKStandIn.module(path) != nil:
            return .firebaseWebSDKStandIn(module: FirebaseWebSDKStandIn.module(path) ?? "")
        default: return .notFound
        }
    }

    private static func restRoute(_ operation: RestOperation?, method: String) -> Route {
        guard let operation, operation.method == method else { return .notFound }
        return .rest(operation)
    }
}
