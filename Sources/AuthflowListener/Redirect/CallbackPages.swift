import AuthflowPrimitives

/// The pages the browser sees after it reaches the listener: rendered from `templates/`, with a plain-text
/// stand-in if a user's template is broken, so a callback is never lost to a page error.
struct CallbackPages: Sendable {
    static let received = "callback-received.html"
    static let failed = "callback-failed.html"

    let renderer: PageRenderer

    func received(title: String, message: String) -> LoopbackResponse {
        page(Self.received, status: 200, title: title, message: message)
    }

    func failed(title: String, message: String, status: Int) -> LoopbackResponse {
        page(Self.failed, status: status, title: title, message: message)
    }

    private func page(
        _ name: String, status: Int, title english: String, message englishMessage: String
    ) -> LoopbackResponse {
        let title = CallbackPageWording.text(english)
        let message = CallbackPageWording.text(englishMessage)
        var response: LoopbackResponse
        do {
            response = .html(
                try renderer.render(name, ["title": .text(title), "message": .text(message)]), status: status)
        } catch {
            response = .text("\(title)\n\n\(message)\n", status: status)
        }
        // The page may echo what went wrong; keep it out of caches and referrers.
        response.headers += [
            HTTPHeader(name: "Cache-Control", value: "no-store"),
            HTTPHeader(name: "Referrer-Policy", value: "no-referrer"),
            HTTPHeader(name: "X-Content-Type-Options", value: "nosniff"),
        ]
        return response
    }
}
