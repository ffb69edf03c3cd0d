import AuthflowListener
import AuthflowPrimitives
import Foundation

/// A stand-in for the hosted reCAPTCHA page,
/// `GET /__/auth/handler?apiKey=…&authType=verifyApp&ibi=…&v=…&eventId=…&clientId=…|appId=…[&hl=…]`.
///
/// The real page runs reCAPTCHA v2 and sends the browser to
/// `<scheme>://firebaseauth/link?deep_link_id=<enc(https://<authDomain>/__/auth/callback?authType=verifyApp&recaptchaToken=…&eventId=…)>`.
/// Here an "I'm not a robot" button posts to `/__/auth/handler/verify`, which answers 303 to that URL
/// with a fresh random token and this backend as the auth domain (`http://<host:port>`). Tokens are
/// recorded (``EmbeddedBackend/recaptchaTokens``) but never required: the emulator ignores `recaptchaToken`.
///
/// For error-path tests, `authflowSimulateError=auth/<code>` on the page (or
/// ``EmbeddedBackend/setVerifyAppError(_:)``) makes the callback carry
/// `firebaseError=<enc({"code":…,"message":…})>&authType=verifyApp&eventId=…` instead.
enum VerifyAppPage {
    private static let carried = [
        "apiKey", "authType", "ibi", "v", "eventId", "clientId", "appId", "hl", SimulatedPageError.parameter,
    ]

    static func page(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        let query = QueryParameters(form: request.query ?? "")
        if let problem = problem(query) {
            return PageReply.error("This page cannot continue", problem, service: service)
        }
        let hidden: [TemplateValue] = carried.compactMap { name in
            query[name].map { ["name": .text(name), "value": .text($0)] }
        }
        let hl = query.nonEmpty("hl").flatMap { value in
            value.count <= 6
                && value.unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) || $0 == "-"
                }) ? value : nil
        }
        var context: TemplateContext = [
            "hidden": .list(hidden),
            "verifyPath": .text(Router.verifyAppSubmitPath),
            "lang": .text(hl ?? "en"),
        ]
        if let label = query.nonEmpty("ibi") ?? query.nonEmpty("clientId") ?? query.nonEmpty("appId") {
            context["appLabel"] = .text(label)
        }
        return PageReply.render(
            PageTemplates.verifyApp, context, languages: PageReply.languages(hl: hl), service: service)
    }

    static func submit(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        let parameters = PageParameters.of(request)
        if let problem = problem(parameters) {
            return PageReply.error("This page cannot continue", problem, service: service)
        }
        let clientId = parameters.nonEmpty("clientId")
        let appId = parameters.nonEmpty("appId")
        guard let scheme = CustomScheme.scheme(clientId: clientId, appId: appId, bundleId: nil),
            let eventId = parameters.nonEmpty("eventId")
        else {
            return PageReply.error(
                "This page cannot continue", "The clientId or appId parameter does not give a valid URL scheme.",
                service: service)
        }
        let callbackBase = "http://\(PageParameters.host(of: request, service: service))/__/auth/callback?"
        let inner: String
        if let failure = SimulatedPageError.requested(in: parameters) ?? service.verifyAppError.withLock({ $0 }) {
            inner = callbackBase + SimulatedPageError.query(failure, authType: "verifyApp", eventId: eventId)
        } else {
            let token = RandomText.base64URL(160)
            service.state.withLock {
                $0.recaptchaTokens.append(RecaptchaIssue(token: token, eventId: eventId, issuedAt: Date()))
            }
            inner =
                callbackBase + "authType=verifyApp&recaptchaToken=\(token)&eventId=\(URLEncoding.component(eventId))"
        }
        return PageReply.handoff(
            to: CustomScheme.link(scheme: scheme, host: "firebaseauth", inner: inner), service: service)
    }

    /// Why the page refuses the parameters, if it does.
    private static func problem(_ parameters: QueryParameters) -> String? {
        guard parameters.nonEmpty("apiKey") != nil else { return "The apiKey parameter is missing." }
        guard parameters["authType"] == "verifyApp" else {
            return
                "This local page only stands in for reCAPTCHA (authType=verifyApp). Sign-in redirects go to /emulator/auth/handler."
        }
        guard parameters.nonEmpty("eventId") != nil else { return "The eventId parameter is missing." }
        guard parameters.nonEmpty("clientId") != nil || parameters.nonEmpty("appId") != nil else {
            return "Neither clientId nor appId was given, so there is no app to return to."
        }
        return nil
    }
}
