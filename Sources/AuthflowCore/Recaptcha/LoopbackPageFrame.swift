import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives

/// What authflow's own reCAPTCHA pages on `http://localhost` share (``LoopbackRecaptchaPage``,
/// ``LoopbackRecaptchaTokenPage``): the template, the address with the page's `state`, the state check, and
/// the rendered page with its security headers.
struct LoopbackPageFrame: Sendable {
    let templateName: String
    let pagePath: String
    let state: String
    let renderer: PageRenderer

    /// Checks the template loads, so a broken branded copy is reported before the browser opens.
    func preload() throws(TemplateError) {
        try renderer.preload([templateName])
    }

    /// The host every page is served on: `localhost`, which projects authorize by default, never `127.0.0.1`.
    static let host = "localhost"

    /// The address to open: on ``host``.
    func url(port: UInt16) -> String {
        "http://\(Self.host):\(port)\(pagePath)?state=\(PercentEncoding.encodeUnreserved(state))"
    }

    /// Whether `parameters` carry this page's state.
    func isOurs(_ parameters: QueryParameters) -> Bool {
        guard let given = parameters.value("state", rule: .firstWins) else { return false }
        return ConstantTime.equal(given, state)
    }

    /// The refusal of a request to the page itself (`page`'s kind) that is not a `GET` carrying this page's
    /// state; nil for one to serve.
    func refusal(ofPageRequest request: LoopbackRequest, page: LoopbackPageKind) -> LoopbackResponse? {
        guard request.method == "GET" else { return Self.refusal(.wrongMethod(page, expected: "GET"), status: 405) }
        guard isOurs(QueryParameters(query: (request.query ?? "")[...], plusAsSpace: true)) else {
            return Self.refusal(.foreignPage(page), status: 400)
        }
        return nil
    }

    /// A plain-text refusal for `reason`, worded by the installed ``CallbackPageWording`` (the person may see
    /// it in the browser).
    static func refusal(_ reason: LoopbackPageRejection, status: Int) -> LoopbackResponse {
        .text(CallbackPageWording.rejection(reason) + "\n", status: status)
    }

    /// The check every page that posts its own answer shares: only the page's own post (not a pasted or
    /// handed-over URL) carrying this page's state; `read` then rules on the posted parameters (an `error` the
    /// page reports, or what it obtained). `page` says which page refused, in the rejections.
    func postedAnswerCheck<Answer: Sendable>(
        page: LoopbackPageKind, read: @escaping @Sendable (QueryParameters) -> CallbackRuling<Answer>
    ) -> CallbackCheck<Answer> {
        let frame = self
        return CallbackCheck { callback in
            guard callback.route == .http else {
                return .rejected(LoopbackPageRejection.pasted(page))
            }
            guard frame.isOurs(callback.parameters) else {
                return .rejected(LoopbackPageRejection.anotherAttempt(page))
            }
            return read(callback.parameters)
        }
    }

    /// The page rendered with `context`, under the reCAPTCHA pages' Content-Security-Policy for `nonce`.
    func render(_ context: TemplateContext, nonce: String, extraScriptOrigin: String? = nil) -> LoopbackResponse {
        render(
            context,
            policy: LoopbackRecaptchaPage.contentSecurityPolicy(nonce: nonce, extraScriptOrigin: extraScriptOrigin))
    }

    /// The page rendered with `context`, under the Content-Security-Policy `policy`.
    func render(_ context: TemplateContext, policy: String) -> LoopbackResponse {
        var response: LoopbackResponse
        do {
            response = .html(try renderer.render(templateName, context))
        } catch {
            response = .text("The page could not be rendered: \(error)\n", status: 500)
        }
        response.headers += [
            HTTPHeader(name: "Content-Security-Policy", value: policy),
            HTTPHeader(name: "Cache-Control", value: "no-store"),
            HTTPHeader(name: "Referrer-Policy", value: "no-referrer"),
            HTTPHeader(name: "X-Content-Type-Options", value: "nosniff"),
        ]
        return response
    }
}
