import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// The page authflow serves at `http://localhost:PORT/app-check?state=…` to obtain a reCAPTCHA Enterprise token
/// for the App Check site key (action `fire_app_check`), as the JS SDK's `ReCaptchaEnterpriseProvider` does in a
/// web app: it loads `enterprise.js?render=<siteKey>`, calls `grecaptcha.enterprise.ready` and `execute`, and
/// posts the token (or an `error`) with the page's `state` to ``answerPath``.
///
/// `localhost` because reCAPTCHA keys list their domains and `localhost` is the one a loopback page can be
/// served under. The page uses only reCAPTCHA Enterprise's documented API, so a stand-in script (the embedded
/// backend's, named explicitly by tests) is a drop-in for Google's.
public struct AppCheckRecaptchaPage: Sendable {
    /// The page itself.
    public static let pagePath = "/app-check"
    /// Where the page posts its answer: the listener's callback path.
    public static let answerPath = "/app-check/answer"
    /// The template file in `templates/`.
    public static let templateName = "app-check-recaptcha.html"

    /// The unguessable value every request from the page carries.
    public let state: String
    /// The App Check reCAPTCHA Enterprise site key.
    public let siteKey: String
    /// A stand-in for Google's script (a loopback URL), or nil for the real one.
    public let standInScript: String?
    private let renderer: PageRenderer

    /// A page for `siteKey`; `standInScript` replaces Google's script (tests only).
    public init(
        siteKey: String, standInScript: String? = nil, templates: TemplateDirectory, state: String = RandomToken.make()
    ) {
        self.siteKey = siteKey
        self.standInScript = standInScript
        self.renderer = PageRenderer(directory: templates)
        self.state = state
    }

    /// The address to open.
    public func url(port: UInt16) -> String {
        "http://localhost:\(port)\(Self.pagePath)?state=\(PercentEncoding.encodeUnreserved(state))"
    }

    /// The script the page loads.
    var scriptURL: String {
        standInScript
            ?? "https://www.google.com/recaptcha/enterprise.js?render=\(PercentEncoding.encodeUnreserved(siteKey))"
    }

    /// Accepts this page's answer: the reCAPTCHA Enterprise token, or the failure the page reports.
    public var check: CallbackCheck<Result<String, AppCheckFailure>> {
        let state = self.state
        return CallbackCheck { callback in
            guard callback.route == .http else {
                return .rejected("The App Check page posts its answer itself; there is nothing to paste.")
            }
            let parameters = callback.parameters
            guard let given = parameters.value("state", rule: .firstWins), ConstantTime.equal(given, state) else {
                return .rejected("That answer belongs to another App Check page; reload the page opened for this one.")
            }
            if let error = parameters.nonEmptyValue("error", rule: .firstWins) {
                let failure = AppCheckFailure(source: .recaptchaEnterprise, problem: .pageFailed(error))
                return .acceptedWithError(.failure(failure), message: failure.description)
            }
            guard let token = parameters.nonEmptyValue("recaptchaEnterpriseToken", rule: .firstWins) else {
                return .rejected("The answer has no reCAPTCHA Enterprise token; reload the page.")
            }
            return .accepted(.success(token))
        }
    }

    /// The page, served beside the answer path.
    public var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] {
        [Self.pagePath: { [self] in page($0) }]
    }

    /// Checks the template loads, so a broken branded copy is reported before the browser opens.
    public func preload() throws(TemplateError) {
        try renderer.preload([Self.templateName])
    }

    private func page(_ request: LoopbackRequest) -> LoopbackResponse {
        guard request.method == "GET" else { return .text("Use GET.\n", status: 405) }
        let query = QueryParameters(query: (request.query ?? "")[...], plusAsSpace: true)
        guard let given = query.value("state", rule: .firstWins), ConstantTime.equal(given, state) else {
            return .text(
                "This page belongs to another run. Open the address that was printed for this one.\n", status: 400)
        }
        let nonce = RandomToken.make(bytes: 16)
        let context: TemplateContext = [
            "state": .text(state), "answerPath": .text(Self.answerPath), "siteKey": .text(siteKey),
            "action": .text(ExchangeRecaptchaEnterpriseTokenRequest.recaptchaAction), "scriptURL": .text(scriptURL),
            "nonce": .text(nonce), "standIn": .flag(standInScript != nil),
        ]
        var response: LoopbackResponse
        do {
            response = .html(try renderer.render(Self.templateName, context))
        } catch {
            response = .text("The App Check page could not be rendered: \(error)\n", status: 500)
        }
        response.headers += [
            HTTPHeader(name: "Content-Security-Policy", value: contentSecurityPolicy(nonce: nonce)),
            HTTPHeader(name: "Cache-Control", value: "no-store"),
            HTTPHeader(name: "Referrer-Policy", value: "no-referrer"),
            HTTPHeader(name: "X-Content-Type-Options", value: "nosniff"),
        ]
        return response
    }

    /// Scripts by nonce and from reCAPTCHA's hosts (or the stand-in's origin); requests back to this listener
    /// (and to the stand-in, whose script fetches its tokens); frames only reCAPTCHA's.
    private func contentSecurityPolicy(nonce: String) -> String {
        let standInOrigin = standInScript.flatMap(URLParts.init).map { " " + $0.origin } ?? ""
        return [
            "default-src 'none'",
            "script-src 'nonce-\(nonce)' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/"
                + standInOrigin,
            "frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
            "style-src 'unsafe-inline'", "img-src data:", "connect-src 'self'\(standInOrigin)", "base-uri 'none'",
            "form-action 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }
}
