import AuthflowListener
import AuthflowPrimitives
import Foundation

/// The stand-ins of the providers' device authorization and token endpoints (RFC 8628), each answering in
/// its provider's documented shape: GitHub's errors with HTTP 200 (form-encoded unless JSON is asked for),
/// Google's `verification_url` and 428/403/400 statuses, Facebook's Graph API errors with their subcodes,
/// and RFC 8628's plain shape for the OIDC issuer. What the user does at the verification page is played by
/// the test switches (``EmbeddedBackend/decideDeviceAuthorization(userCode:_:)``).
enum DeviceAuthorizationStandIn {
    static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

    static func handle(
        _ endpoint: DeviceAuthorizationProvider.Endpoint, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        let parameters = Self.parameters(request)
        switch endpoint {
        case .discovery:
            return JSONReply.ok(.object(discovery(issuer: service.origin + DeviceAuthorizationProvider.oidcIssuerPath)))
        case .deviceCode(let provider):
            return start(provider, parameters, request, service: service)
        case .token(let provider):
            return poll(provider, parameters, request, service: service)
        }
    }

    /// The query's parameters, then the form body's (later ones win): GitHub and Facebook document both.
    private static func parameters(_ request: LoopbackRequest) -> QueryParameters {
        var values = QueryParameters(form: request.query ?? "")
        let form = QueryParameters(form: String(decoding: request.body, as: UTF8.self))
        for name in form.names { if let value = form.value(name) { values.set(name, value) } }
        return values
    }

    // MARK: Starting

    private static func start(
        _ provider: DeviceAuthorizationProvider, _ parameters: QueryParameters, _ request: LoopbackRequest,
        service: BackendService
    ) -> LoopbackResponse {
        let scope = parameters.nonEmptyValue("scope") ?? ""
        let clientID: String
        if provider == .facebook {
            // `access_token=APP_ID|CLIENT_TOKEN`: the app ID is the client.
            guard let token = parameters.nonEmptyValue("access_token"), let bar = token.firstIndex(of: "|"),
                bar != token.startIndex, token.index(after: bar) != token.endIndex
            else { return facebookError(code: 190, subcode: nil, "Invalid OAuth access token.", title: nil) }
            clientID = String(token[..<bar])
        } else {
            guard let id = parameters.nonEmptyValue("client_id") else {
                return oauthError(provider, "invalid_request", "Missing required parameter: client_id", request)
            }
            clientID = id
        }
        let registry = service.deviceAuthorizations
        if registry.refuses(clientID, for: provider) { return clientRefusal(provider, request) }
        let (deviceCode, userCode) = registry.start(provider, clientID: clientID, scope: scope, now: Date())
        var reply = JSONObject()
        switch provider {
        case .facebook:
            reply["code"] = .string(deviceCode)
            reply["user_code"] = .string(userCode)
            reply["verification_uri"] = "https://www.facebook.com/device"
        case .google:
            reply["device_code"] = .string(deviceCode)
            reply["user_code"] = .string(userCode)
            reply["verification_url"] = "https://www.google.com/device"
        case .github:
            reply["device_code"] = .string(deviceCode)
            reply["user_code"] = .string(userCode)
            reply["verification_uri"] = "https://github.com/login/device"
        case .oidc:
            let issuer = service.origin + DeviceAuthorizationProvider.oidcIssuerPath
            reply["device_code"] = .string(deviceCode)
            reply["user_code"] = .string(userCode)
            reply["verification_uri"] = .string(issuer + "/device")
            reply["verification_uri_complete"] = .string(
                issuer + "/device?user_code=" + PercentEncoding.encodeUnreserved(userCode))
        }
        reply["expires_in"] = .number(Double(registry.lifetime(of: provider)))
        reply["interval"] = .number(Double(registry.interval))
        return provider == .github ? githubReply(reply, request) : JSONReply.ok(.object(reply))
    }

    // MARK: Polling

    private static func poll(
        _ provider: DeviceAuthorizationProvider, _ parameters: QueryParameters, _ request: LoopbackRequest,
        service: BackendService
    ) -> LoopbackResponse {
        let registry = service.deviceAuthorizations
        if provider == .facebook {
            guard let token = parameters.nonEmptyValue("access_token"), let bar = token.firstIndex(of: "|"),
                bar != token.startIndex
            else { return facebookError(code: 190, subcode: nil, "Invalid OAuth access token.", title: nil) }
            let code = parameters.nonEmptyValue("code") ?? ""
            let poll = registry.poll(.facebook, deviceCode: code, clientID: String(token[..<bar]), now: Date())
            return facebookPoll(poll, request, service: service)
        }
        guard parameters.value("grant_type") == grantType else {
            return oauthError(provider, "unsupported_grant_type", "The grant type is not supported.", request)
        }
        guard let clientID = parameters.nonEmptyValue("client_id") else {
            return oauthError(provider, "invalid_request", "Missing required parameter: client_id", request)
        }
        if provider == .google, parameters.nonEmptyValue("client_secret") == nil {
            return oauthError(provider, "invalid_request", "client_secret is missing.", request)
        }
        let deviceCode = parameters.nonEmptyValue("device_code") ?? ""
        switch registry.poll(provider, deviceCode: deviceCode, clientID: clientID, now: Date()) {
        case .pending:
            return oauthError(provider, "authorization_pending", "The authorization request is still pending.", request)
        case .slowDown(let interval):
            return oauthError(
                provider, "slow_down", "Too many requests have been made in the same timeframe.", request,
                interval: interval)
        case .denied:
            return oauthError(provider, "access_denied", "The authorization request was denied.", request)
        case .expired:
            return oauthError(provider, "expired_token", "The device code has expired.", request)
        case .unknown:
            let error = provider == .github ? "incorrect_device_code" : "invalid_grant"
            return oauthError(provider, error, "The device code is not valid.", request)
        case .wrongClient:
            let error = provider == .github ? "incorrect_client_credentials" : "invalid_client"
            return oauthError(provider, error, "The client_id is not the one the device code was issued to.", request)
        case .approved(let user, let grant):
            return tokens(provider, user: user, grant: grant, request, service: service)
        }
    }

    /// The token response of an approved grant; every token issued is recorded for `signInWithIdp`.
    private static func tokens(
        _ provider: DeviceAuthorizationProvider, user: EmbeddedBackend.DeviceAuthorizationUser,
        grant: DeviceAuthorizationRegistry.Grant, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        let registry = service.deviceAuthorizations
        var reply = JSONObject()
        switch provider {
        case .github:
            let token = "gho_" + RandomText.alphanumeric(36)
            registry.issue(token, for: user, grant: grant)
            reply["access_token"] = .string(token)
            reply["token_type"] = "bearer"
            reply["scope"] = .string(grant.scope)
            return githubReply(reply, request)
        case .facebook:
            let token = "EAA" + RandomText.alphanumeric(40)
            registry.issue(token, for: user, grant: grant)
            reply["access_token"] = .string(token)
            reply["expires_in"] = 5_183_944
            return JSONReply.ok(.object(reply))
        case .google, .oidc:
            let accessToken = (provider == .google ? "ya29." : "") + RandomText.base64URL(43)
            registry.issue(accessToken, for: user, grant: grant)
            reply["access_token"] = .string(accessToken)
            reply["expires_in"] = 3599
            reply["token_type"] = "Bearer"
            reply["scope"] = .string(grant.scope)
            if provider == .google { reply["refresh_token"] = .string("1//" + RandomText.base64URL(40)) }
            let scopes = grant.scope.split(separator: " ")
            if provider == .oidc || scopes.contains("openid") {
                let issuer =
                    provider == .google
                    ? "https://accounts.google.com" : service.origin + DeviceAuthorizationProvider.oidcIssuerPath
                let idToken = IDToken.encode(idTokenClaims(user, issuer: issuer, clientID: grant.clientID))
                registry.issue(idToken, for: user, grant: grant)
                reply["id_token"] = .string(idToken)
            }
            return JSONReply.ok(.object(reply))
        }
    }

    private static func idTokenClaims(
        _ user: EmbeddedBackend.DeviceAuthorizationUser, issuer: String, clientID: String
    ) -> JSONObject {
        let now = Date().secondsSince1970
        var claims = JSONObject()
        claims["iss"] = .string(issuer)
        claims["azp"] = .string(clientID)
        claims["aud"] = .string(clientID)
        claims["sub"] = .string(user.sub)
        claims.set("email", user.email)
        if user.email != nil { claims["email_verified"] = true }
        claims.set("name", user.name)
        claims["iat"] = .number(Double(now))
        claims["exp"] = .number(Double(now + 3600))
        return claims
    }

    // MARK: Replies

    /// GitHub answers JSON only when asked (`Accept: application/json`), form-encoded otherwise, and always
    /// with HTTP 200, errors included.
    private static func githubReply(_ reply: JSONObject, _ request: LoopbackRequest) -> LoopbackResponse {
        if request.header("Accept")?.contains("application/json") == true { return JSONReply.ok(.object(reply)) }
        let text = reply.entries.map { key, value in
            let text: String
            switch value {
            case .string(let string): text = string
            case .number(let number): text = JSONWriter.format(number)
            default: text = JSONWriter.string(value)
            }
            return PercentEncoding.encodeUnreserved(key) + "=" + PercentEncoding.encodeUnreserved(text)
        }.joined(separator: "&")
        return LoopbackResponse(
            status: 200,
            headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")],
            body: Array(text.utf8))
    }

    /// An RFC 6749 §5.2 error in the provider's way: HTTP 200 for GitHub; Google's documented statuses
    /// (428 pending, 403 slow down and denied, 401 unknown client, 400 otherwise); 400 for the OIDC issuer.
    private static func oauthError(
        _ provider: DeviceAuthorizationProvider, _ error: String, _ description: String, _ request: LoopbackRequest,
        interval: Int? = nil
    ) -> LoopbackResponse {
        var reply = JSONObject()
        reply["error"] = .string(error)
        reply["error_description"] = .string(description)
        switch provider {
        case .github:
            reply["error_uri"] =
                "https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow"
            // GitHub's slow_down carries the new interval (5 s more than the last).
            if let interval { reply["interval"] = .number(Double(interval)) }
            return githubReply(reply, request)
        case .google:
            let status =
                switch error {
                case "authorization_pending": 428
                case "slow_down", "access_denied": 403
                case "invalid_client": 401
                default: 400
                }
            return JSONReply.ok(.object(reply), status: status)
        case .facebook, .oidc:
            return JSONReply.ok(.object(reply), status: 400)
        }
    }

    /// The provider's answer to a client not set up for the device grant: GitHub's `device_flow_disabled` (the
    /// OAuth app's "Enable Device Flow" unticked), Google's `invalid_client` for a client that is not of the
    /// "TVs and Limited Input devices" type, RFC 6749's `unauthorized_client` from the OIDC issuer, and for
    /// Facebook the Graph API's error 3, a capability the app lacks (inferred: Facebook does not document its
    /// answer when "Login from Devices" is off).
    private static func clientRefusal(
        _ provider: DeviceAuthorizationProvider, _ request: LoopbackRequest
    ) -> LoopbackResponse {
        switch provider {
        case .github:
            oauthError(provider, "device_flow_disabled", "Device Flow must be explicitly enabled for this App", request)
        case .google:
            oauthError(provider, "invalid_client", "Invalid client type.", request)
        case .oidc:
            oauthError(
                provider, "unauthorized_client", "The client is not authorized to use the device authorization grant.",
                request)
        case .facebook:
            facebookError(
                code: 3, subcode: nil, "(#3) Application does not have the capability to make this API call.",
                title: nil)
        }
    }

    /// Facebook's `login_status` answers: the access token, or a Graph API error whose subcode says why.
    private static func facebookPoll(
        _ poll: DeviceAuthorizationRegistry.Poll, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        switch poll {
        case .pending:
            return facebookError(
                code: 31, subcode: 1_349_174, "This request requires the user to take a pending action",
                title: "Device Login Authorization Pending",
                detail: "User has not yet authorized your application. Continue polling.")
        case .slowDown:
            return facebookError(
                code: 17, subcode: 1_349_172, "User request limit reached", title: "OAuth Device Excessive Polling",
                detail:
                    "Your device is polling too frequently. Space your requests with a minium interval of 5 seconds.")
        case .expired:
            return facebookError(
                code: 463, subcode: 1_349_152, "The session has expired", title: "Activation Code Expired",
                detail: "The code you entered has expired. Please go back to your device for a new code and try again.")
        case .denied:
            // Facebook's SDKs read subcode 1349173 as "authorization declined"; the rest of this error is not
            // documented, so the code and wording are the stand-in's own.
            return facebookError(
                code: 31, subcode: 1_349_173, "The user declined the authorization request.",
                title: "Device Login Authorization Declined")
        case .unknown, .wrongClient:
            return facebookError(code: 100, subcode: nil, "Invalid parameter: code.", title: nil)
        case .approved(let user, let grant):
            return tokens(.facebook, user: user, grant: grant, request, service: service)
        }
    }

    private static func facebookError(
        code: Int, subcode: Int?, _ message: String, title: String?, detail: String? = nil
    ) -> LoopbackResponse {
        var error = JSONObject()
        error["message"] = .string(message)
        error["type"] = "OAuthException"
        error["code"] = .number(Double(code))
        if let subcode { error["error_subcode"] = .number(Double(subcode)) }
        error.set("error_user_title", title)
        error.set("error_user_msg", detail)
        error["fbtrace_id"] = .string(RandomText.alphanumeric(11))
        return JSONReply.ok(["error": .object(error)], status: 400)
    }

    /// The OIDC issuer stand-in's discovery document.
    private static func discovery(issuer: String) -> JSONObject {
        var document = JSONObject()
        document["issuer"] = .string(issuer)
        document["device_authorization_endpoint"] = .string(issuer + "/device/code")
        document["token_endpoint"] = .string(issuer + "/token")
        document["response_types_supported"] = ["id_token"]
        document["subject_types_supported"] = ["public"]
        document["id_token_signing_alg_values_supported"] = ["none"]
        document["grant_types_supported"] = [.string(grantType)]
        return document
    }
}
