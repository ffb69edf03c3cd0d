import AuthflowPrimitives
import Synchronization

/// The pages the browser sees after it reaches the listener: rendered from `templates/`, with a plain-text
/// stand-in if a user's template is broken, so a callback is never lost to a page error.
struct CallbackPages: Sendable {
    static let received = "callback-received.html"
    static let failed = "callback-failed.html"

    let renderer: PageRenderer
    /// The 404 page, rendered on the first stray request and reused: it never changes within a listener, and
    /// rendering it per request was about half of the listener's instructions under a flood of stray requests
    /// (callgrind, bench/handoff's junk flood).
    private let notFoundPage = RenderedOnce()

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The page for a path nothing is served at (404).
    func notFound() -> LoopbackResponse {
        notFoundPage.value {
            failed(title: "Not found", message: "Nothing is served at this address.", status: 404)
        }
    }

    func received(title: String, message: String) -> LoopbackResponse {
        page(Self.received, status: 200, title: title, message: CallbackPageWording.text(message))
    }

    func failed(title: String, message: String, status: Int) -> LoopbackResponse {
        page(Self.failed, status: status, title: title, message: CallbackPageWording.text(message))
    }

    /// The "sign-in failed" page (titled by the failure) for a callback that answers the flow with `failure`,
    /// worded by the installed ``CallbackPageWording``.
    func failed(_ failure: any CallbackFailure) -> LoopbackResponse {
        page(Self.failed, status: 200, title: failure.pageTitle, message: CallbackPageWording.failure(failure))
    }

    /// The 400 page for a callback refused for `reason`, worded by the installed ``CallbackPageWording``.
    func rejected(_ reason: any CallbackRejectionReason) -> LoopbackResponse {
        page(Self.failed, status: 400, title: "Not accepted", message: CallbackPageWording.rejection(reason))
    }

    /// The page `name` with `english` as its title (translated here) and `message` already worded.
    private func page(_ name: String, status: Int, title english: String, message: String) -> LoopbackResponse {
        let title = CallbackPageWording.text(english)
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

/// A response made once, on first use, and shared by every request thread after that.
private final class RenderedOnce: Sendable {
    private let stored = Mutex<LoopbackResponse?>(nil)

    func value(_ make: () -> LoopbackResponse) -> LoopbackResponse {
        if let made = stored.withLock({ $0 }) { return made }
        let made = make()
        stored.withLock { $0 = $0 ?? made }
        return made
    }
}
