import AuthflowListener
import AuthflowPrimitives

/// Rendering pages into responses. A template that fails to render (it was checked at start-up, so only
/// if it vanished or was broken since) becomes a plain-text 500, never a crash.
enum PageReply {
    static func render(
        _ name: String, _ context: TemplateContext, status: Int = 200, languages: [String]? = nil,
        service: BackendService
    ) -> LoopbackResponse {
        do throws(TemplateError) {
            var response = LoopbackResponse.html(
                try service.renderer.render(name, context, languages: languages), status: status)
            // The pages are self-contained: forbid anything external, and keep them out of frames. No
            // form-action: browsers apply it to the redirect after a submit, which goes to the app's scheme.
            response.headers.append(
                HTTPHeader(
                    name: "Content-Security-Policy",
                    value:
                        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
                ))
            response.headers.append(HTTPHeader(name: "Cache-Control", value: "no-store"))
            return response
        } catch {
            return .text("The page could not be rendered: \(error)\n", status: 500)
        }
    }

    /// The page editions a request's `hl` asks for (`ko-KR` → `ko-KR`, `ko`), as Google's pages take it; nil
    /// (the renderer's own languages) without one.
    static func languages(hl: String?) -> [String]? {
        guard let hl, !hl.isEmpty else { return nil }
        let language = String(hl.split(separator: "-").first ?? "")
        return language == hl ? [hl] : [hl, language]
    }

    static func error(
        _ title: String, _ message: String, detail: String? = nil, status: Int = 400, service: BackendService
    ) -> LoopbackResponse {
        var context: TemplateContext = ["title": .text(title), "message": .text(message)]
        if let detail { context["detail"] = .text(detail) }
        return render(PageTemplates.error, context, status: status, service: service)
    }

    /// A 303 to `target` (usually a custom-scheme URL), with a page holding a link to it for clients that
    /// show the body (and a meta refresh for those that do not follow the redirect themselves).
    static func handoff(to target: String, service: BackendService) -> LoopbackResponse {
        var response = render(
            PageTemplates.handoff,
            [
                "title": "Returning to the app",
                "message": "Your browser should now open the app. If nothing happens, use the link below.",
                "target": .text(target),
            ], service: service)
        response.status = 303
        response.headers.append(HTTPHeader(name: "Location", value: target))
        return response
    }
}
