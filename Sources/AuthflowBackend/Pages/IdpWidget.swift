import AuthflowListener
import AuthflowPrimitives
import Foundation

/// `GET /emulator/auth/handler`: the emulator's IdP sign-in widget, as a plain HTML page. Choosing an
/// existing account or adding one submits a form to `/emulator/auth/handler/select`, which answers 303 with
/// the URL the emulator's page script would navigate to for the mobile hand-offs, so a browser and a plain
/// HTTP client can both finish those; for a web SDK's pop-up or redirect it answers the page that hands the
/// result on as the emulator's script does (``AuthEventRelay``). authflow's ``SimulatedPageError`` switch
/// makes the iOS hand-off carry `firebaseError`.
enum IdpWidget {
    /// Parameters the page passes on to the select step.
    static let carried = [
        "apiKey", "appName", "authType", "providerId", "redirectUrl", "scopes", "eventId", "clientId", "appId", "apn",
        "ibi",
        "tid", "tenantId", SimulatedPageError.parameter,
        "sessionId",
    ]

    /// The state the widget lists accounts from and notes attempts in: the tenant `tenantId` (or `tid`) names.
    private static func scope(_ parameters: QueryParameters, service: BackendService) -> StateScope {
        StateScope(
            projectID: service.configuration.projectID,
            tenantID: parameters.nonEmpty("tenantId") ?? parameters.nonEmpty("tid"))
    }

    static func page(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        let query = QueryParameters(form: request.query ?? "")
        guard query.nonEmpty("apiKey") != nil, let providerId = query.nonEmpty("providerId") else {
            return JSONReply.authEmulator([("error", "missing apiKey or providerId query parameters")], status: 400)
        }
        if let problem = pageProblem(query) { return failure(problem, service: service) }

        let infos = service.state(scope(query, service: service)).withLock { $0.providerInfos(providerId: providerId) }
        let accounts: [TemplateValue] = infos.map { info in
            let claims = JSONWriter.string(
                .object(
                    WidgetClaims.fake(
                        sub: info.rawId, name: info.displayName, screenName: info.screenName, email: info.email,
                        picture: info.photoUrl
                    )))
            return [
                // An account without a name is worded by the page's own edition.
                "displayName": .text(info.displayName ?? ""),
                "named": .flag(info.displayName != nil),
                "email": .text(info.email ?? ""),
                "idToken": .text(claims),
                "idTokenEncoded": .text(URLEncoding.component(claims)),
                "selectPath": .text(Router.widgetSelectPath),
                "hidden": hiddenFields(query),
            ]
        }
        var context: TemplateContext = [
            "providerId": .text(providerId),
            "providerName": .text(displayName(providerId)),
            "accounts": .list(accounts),
            "hidden": hiddenFields(query),
            "selectPath": .text(Router.widgetSelectPath),
        ]
        if let warning = warning(providerId: providerId, query: query) { context["warning"] = .text(warning) }
        return PageReply.render(
            PageTemplates.idpWidget, context, languages: PageReply.languages(hl: query.nonEmpty("hl")),
            service: service)
    }

    static func select(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        let parameters = PageParameters.of(request)
        guard parameters.nonEmpty("apiKey") != nil, let providerId = parameters.nonEmpty("providerId") else {
            return JSONReply.authEmulator([("error", "missing apiKey or providerId query parameters")], status: 400)
        }
        if let problem = pageProblem(parameters) { return failure(problem, service: service) }
        if let simulated = SimulatedPageError.requested(in: parameters), let bundleId = parameters.nonEmpty("ibi") {
            return iosError(simulated, bundleId: bundleId, parameters: parameters, request: request, service: service)
        }

        let idToken: String
        if parameters["new_account"] != nil {
            idToken = JSONWriter.string(.object(newAccountClaims(parameters)))
        } else if let chosen = parameters.nonEmpty("id_token") {
            idToken = chosen
        } else {
            return failure("Choose an account, or add a new one.", service: service)
        }

        let host = PageParameters.host(of: request, service: service)
        // The page's own URL without its query, then the provider and the claims, as the widget script builds it.
        let urlResponse =
            "http://\(host)/emulator/auth/handler?providerId=\(URLEncoding.component(providerId))&id_token="
            + URLEncoding.component(idToken)
        // JavaScript's encodeURIComponent(null) is "null": the widget sends that when authType is missing.
        let authType = parameters["authType"] ?? "null"
        let eventId = parameters.nonEmpty("eventId")
        if let eventId, let sessionHash = parameters.nonEmpty("sessionId") {
            // Production's OAuth response names its attempt (through `state`); the emulator's URL stays as it
            // is, so the backend remembers which attempt made it, for signInWithIdp to hold the raw session ID
            // to the hash this page was opened with.
            service.state(scope(parameters, service: service)).withLock { state in
                state.handlerSessions[eventId] = sessionHash.lowercased()
                state.handlerResponses[urlResponse] = eventId
            }
        }

        if authType.range(of: "popup", options: .caseInsensitive) != nil {
            // As the emulator's page script: the opener's helper iframe passes the event to the web SDK.
            return AuthEventRelay.page(
                authEvent: AuthEventRelay.authEvent(urlResponse: urlResponse, parameters: parameters),
                parameters: parameters, redirectUrl: nil)
        }
        if let apn = parameters.nonEmpty("apn") {
            return androidIntent(
                apn: apn, authType: authType, eventId: eventId, urlResponse: urlResponse, parameters: parameters,
                host: host, service: service)
        }
        if let bundleId = parameters.nonEmpty("ibi") {
            let clientId = parameters.nonEmpty("clientId")
            let appId = parameters.nonEmpty("appId")
            guard let scheme = CustomScheme.scheme(clientId: clientId, appId: appId, bundleId: bundleId) else {
                return failure(
                    "The clientId, appId or ibi parameter does not give a valid URL scheme.", service: service)
            }
            var callback =
                "http://\(host)/__/auth/callback?authType=\(URLEncoding.component(authType))&link=\(URLEncoding.component(urlResponse))"
            if let eventId { callback += "&eventId=\(eventId)" }
            let target = CustomScheme.link(
                scheme: scheme, host: CustomScheme.host(clientId: clientId, appId: appId), inner: callback)
            return PageReply.handoff(to: target, service: service)
        }
        if let redirectUrl = parameters.nonEmpty("redirectUrl") {
            // The emulator keeps the event in this origin's sessionStorage, where its helper iframe finds it
            // once the app's page is back, and navigates with nothing appended. Only a web page's address: the
            // script navigates to it on this origin.
            guard let target = AbsoluteURL(redirectUrl), target.scheme == "http" || target.scheme == "https",
                !redirectUrl.unicodeScalars.contains(where: { $0.value < 0x21 })
            else {
                return failure("The redirectUrl parameter is not an absolute http or https URL.", service: service)
            }
            return AuthEventRelay.page(
                authEvent: AuthEventRelay.authEvent(urlResponse: urlResponse, parameters: parameters),
                parameters: parameters, redirectUrl: redirectUrl)
        }
        return failure(
            "This feature is not implemented in Auth Emulator yet. Please use signInWithCredential for now.",
            service: service)
    }

    /// authflow's test switch (``SimulatedPageError``): the iOS hand-off with `firebaseError` instead of a result,
    /// the shape the production handler uses when sign-in fails or is cancelled.
    private static func iosError(
        _ error: EmbeddedBackend.HostedPageError, bundleId: String, parameters: QueryParameters,
        request: LoopbackRequest,
        service: BackendService
    ) -> LoopbackResponse {
        let clientId = parameters.nonEmpty("clientId")
        let appId = parameters.nonEmpty("appId")
        guard let scheme = CustomScheme.scheme(clientId: clientId, appId: appId, bundleId: bundleId) else {
            return failure("The clientId, appId or ibi parameter does not give a valid URL scheme.", service: service)
        }
        let callback =
            "http://\(PageParameters.host(of: request, service: service))/__/auth/callback?"
            + SimulatedPageError.query(
                error, authType: parameters["authType"] ?? "null", eventId: parameters.nonEmpty("eventId"))
        let target = CustomScheme.link(
            scheme: scheme, host: CustomScheme.host(clientId: clientId, appId: appId), inner: callback)
        return PageReply.handoff(to: target, service: service)
    }

    /// The emulator's Android hand-off, `intent://firebase.auth/#Intent;scheme=genericidp;…;end;`.
    private static func androidIntent(
        apn: String, authType: String, eventId: String?, urlResponse: String, parameters: QueryParameters, host: String,
        service: BackendService
    ) -> LoopbackResponse {
        let raw = [apn, authType, eventId ?? ""]
        guard raw.allSatisfy({ !$0.unicodeScalars.contains { $0.value < 0x21 || ";#".unicodeScalars.contains($0) } })
        else {
            return failure(
                "The apn, authType or eventId parameter holds characters an intent URL cannot carry.", service: service)
        }
        var widget = QueryParameters()
        for name in carried { if let value = parameters[name] { widget.set(name, value) } }
        let fallback = "http://\(host)/emulator/auth/handler?\(widget.formEncoded)&error=App+not+found+for+intent"
        var link = "intent://firebase.auth/#Intent;scheme=genericidp;package=\(apn);S.authType=\(authType);"
        if let eventId { link += "S.eventId=\(eventId);" }
        link += "S.link=\(URLEncoding.component(urlResponse));B.encryptionEnabled=false;"
        link += "S.browser_fallback_url=\(URLEncoding.component(fallback));end;"
        return PageReply.handoff(to: link, service: service)
    }

    /// What the widget script refuses before showing anything.
    private static func pageProblem(_ parameters: QueryParameters) -> String? {
        if let internalError = parameters.nonEmpty("error") { return "Auth Emulator Internal Error: \(internalError)" }
        let identifiers = ["appName", "clientId", "appId", "apn", "ibi"]
        guard identifiers.contains(where: { parameters.nonEmpty($0) != nil }) else {
            return "Auth Emulator Internal Error: Missing one of appName / clientId / appId / apn / ibi query params."
        }
        return nil
    }

    private static func failure(_ message: String, service: BackendService) -> LoopbackResponse {
        PageReply.error("Sign-in could not continue", message, service: service)
    }

    private static func hiddenFields(_ parameters: QueryParameters) -> TemplateValue {
        .list(
            carried.compactMap { name in
                parameters[name].map { ["name": .text(name), "value": .text($0)] }
            })
    }

    /// `apple.com` → `Apple.com`, as the widget capitalises it.
    private static func displayName(_ providerId: String) -> String {
        providerId.prefix(1).uppercased() + providerId.dropFirst()
    }

    private static func warning(providerId: String, query: QueryParameters) -> String? {
        let apn = query.nonEmpty("apn")
        let ibi = query.nonEmpty("ibi")
        let name: String
        if providerId == "facebook.com", apn != nil || ibi != nil {
            name = "Facebook"
        } else if providerId == "apple.com", ibi != nil {
            name = "Apple"
        } else {
            return nil
        }
        let production = name + (apn != nil ? " Android SDK" : " iOS SDK")
        return
            "Sign-in with \(name) via generic IDP is only supported in the Auth Emulator; remember to switch to \(production) for production Firebase projects."
    }

    /// An account added on the page; blank fields are generated the way the widget's "auto-generate"
    /// button does, and the `sub` is 40 random digits.
    private static func newAccountClaims(_ parameters: QueryParameters) -> JSONObject {
        var email = parameters.nonEmpty("email")
        var displayName = parameters.nonEmpty("display_name")
        var screenName = parameters.nonEmpty("screen_name")
        if email == nil {
            let names = [
                "raccoon", "olive", "orange", "chicken", "mountain", "peach", "panda", "grass", "algae", "otter",
            ]
            var generator = SystemRandomNumberGenerator()
            let given = names[Int.random(in: 0..<names.count, using: &generator)]
            let family = names[Int.random(in: 0..<names.count, using: &generator)]
            email = "\(given).\(family).\(Int.random(in: 0..<1000, using: &generator))@example.com"
            if displayName == nil { displayName = given.capitalized + " " + family.capitalized }
            if screenName == nil { screenName = "\(family)_\(given)" }
        }
        return WidgetClaims.fake(
            sub: RandomText.digits(40), name: displayName, screenName: screenName, email: email,
            picture: parameters.nonEmpty("photo_url")
        )
    }
}

/// The fake IdP claims the widget hands back, in its key order; absent values are left out, as
/// `JSON.stringify` drops `undefined`.
enum WidgetClaims {
    static func fake(sub: String, name: String?, screenName: String?, email: String?, picture: String?) -> JSONObject {
        var claims = JSONObject()
        claims["sub"] = .string(sub)
        claims["iss"] = ""
        claims["aud"] = ""
        claims["exp"] = 0
        claims["iat"] = 0
        claims.set("name", name)
        claims.set("screen_name", screenName)
        claims.set("email", email)
        claims["email_verified"] = true
        claims.set("picture", picture)
        return claims
    }
}
