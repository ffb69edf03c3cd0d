import AuthflowPrimitives
import AuthflowStorage
import Foundation
import Synchronization

/// Waits for one browser callback on loopback: the redirect handler of RFC 8252, reusable by any tool.
///
/// It listens on `127.0.0.1` and `::1`, accepts the first callback that passes the configured
/// ``CallbackCheck`` and nothing after it, and hands back the typed answer the check made of it (`Answer`:
/// the ``RedirectCallback`` itself for ``CallbackCheck/state(_:parameter:)``). A callback can arrive three
/// ways: the browser requests the callback path (`GET` with a query, or a `form_post`), `authflow handle-url`
/// forwards a custom-scheme URL the desktop handed it (see ``HandoffEndpoint``), or the caller passes a pasted
/// URL to ``submit(_:)``. Mismatched and repeated callbacks get a 400 page and the wait goes on; stray paths
/// such as `/favicon.ico` get 404.
///
/// ```swift
/// let state = RandomToken.make()
/// let listener = try RedirectListener(configuration: .init(check: .state(state)))
/// defer { listener.stop() }
/// let query = QueryParameters(pairs: [("redirect_uri", listener.redirectURI), ("state", state)])
/// _ = BrowserLauncher().open("https://provider.example/page?" + query.formEncoded)
/// let callback = try await listener.callback(timeout: .seconds(300))
/// print(callback.parameters.value("result") ?? "")
/// ```
///
/// For OAuth's authorization-code flow use ``AuthorizationSession``, which builds the request with PKCE and
/// hands back the checked code.
public final class RedirectListener<Answer: Sendable>: Sendable {
    /// The port shared by both loopback addresses.
    public let port: UInt16
    /// The callback path.
    public let path: String
    /// Where the browser should be sent back to: `http://127.0.0.1:PORT/path`.
    public var redirectURI: String { redirectURI(host: "127.0.0.1") }

    private let configuration: Configuration
    private let server: LoopbackServer
    private let secret: String
    private let proofKey: String
    private let rendezvousFile: String?
    private let state = Mutex(WaitState<Answer>())
    private let pages: CallbackPages

    /// Starts listening (and publishes the rendezvous file) at once.
    public init(configuration: Configuration) throws(RedirectListenerError) {
        let secret = RandomToken.make()
        let proofKey = RandomToken.make()
        let inbox = Inbox<Answer>()
        let server: LoopbackServer
        var serverConfiguration = configuration.server
        serverConfiguration.port = configuration.port
        do {
            server = try LoopbackServer(configuration: serverConfiguration) { request in inbox.handle(request) }
        } catch {
            throw .server(error)
        }
        self.server = server
        self.port = server.port
        self.path = configuration.path
        self.configuration = configuration
        self.secret = secret
        self.proofKey = proofKey
        self.pages = CallbackPages(renderer: PageRenderer(directory: configuration.templates))

        if let directory = configuration.rendezvous {
            let record = Rendezvous(
                port: server.port, secret: secret, proofKey: proofKey, schemes: configuration.schemes, pid: getpid(),
                label: configuration.label
            )
            do {
                rendezvousFile = try directory.publish(record)
            } catch {
                server.stop()
                throw .rendezvous(error)
            }
        } else {
            rendezvousFile = nil
        }
        inbox.attach(self)
    }

    deinit {
        stop()
    }

    /// The redirect URI on `host`: use `localhost` where the page must be on an authorized domain (reCAPTCHA).
    public func redirectURI(host: String) -> String {
        "http://\(host):\(port)\(path)"
    }

    /// Waits for the accepted callback's answer; returns at once if it already came.
    public func callback(timeout: Duration) async throws(RedirectListenerError) -> Answer {
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { self?.finish(with: .timedOut(timeout)) }
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter<Answer>) in
                let immediate: Result<Answer, RedirectListenerError>? = state.withLock { state in
                    if let done = state.accepted { return .success(done) }
                    if let failure = state.failure { return .failure(failure) }
                    state.waiters.append(continuation)
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            finish(with: .cancelled)
        }
        return try result.get()
    }

    /// Offers a URL the user pasted. It is judged like any callback; the verdict says whether it ended the
    /// wait, or why not, so the caller can ask again.
    public func submit(_ url: String) -> CallbackVerdict {
        do {
            return offer(try RedirectCallback(url: url.trimmingCharacters(in: .whitespacesAndNewlines), route: .paste))
        } catch {
            return .rejected(RedirectRejection(error))
        }
    }

    /// Stops listening, withdraws the rendezvous file and ends any wait with ``RedirectListenerError/cancelled``.
    /// Safe to call more than once.
    public func stop() {
        finish(with: .cancelled)
        server.stop()
        if let rendezvousFile { configuration.rendezvous?.withdraw(rendezvousFile) }
    }

    // MARK: - Judging callbacks

    private func offer(_ callback: RedirectCallback) -> CallbackVerdict {
        if let reason = foreignURLReason(callback) { return .rejected(reason) }
        if state.withLock({ $0.accepted != nil }) { return .rejected(RedirectRejection.alreadyAnswered) }
        let ruling = configuration.check.ruling(on: callback)
        guard let answer = ruling.answer else { return ruling.verdict }
        let waiters: [Waiter<Answer>]? = state.withLock { state in
            guard state.accepted == nil, state.failure == nil else { return nil }
            state.accepted = answer
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return .rejected(RedirectRejection.alreadyAnswered) }
        waiters.forEach { $0.resume(returning: .success(answer)) }
        return ruling.verdict
    }

    /// A pasted or handed-over URL must be for this listener: one of its custom schemes, or its own callback
    /// path on a loopback host.
    private func foreignURLReason(_ callback: RedirectCallback) -> RedirectRejection? {
        guard callback.route != .http else { return nil }
        guard let parts = callback.parts else { return .notURL }
        if parts.scheme == "http" || parts.scheme == "https" {
            let loopback = ["127.0.0.1", "localhost", "::1"].contains(parts.host)
            guard loopback, parts.port == Int(port), parts.path == path else {
                return .foreignAddress(expected: redirectURI)
            }
            return nil
        }
        guard configuration.schemes.contains(parts.scheme) else {
            return .foreignScheme(parts.scheme)
        }
        return nil
    }

    private func finish(with failure: RedirectListenerError) {
        let waiters = state.withLock { state in
            guard state.accepted == nil, state.failure == nil else { return [Waiter<Answer>]() }
            state.failure = failure
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(returning: .failure(failure)) }
    }

    // MARK: - HTTP

    fileprivate func handle(_ request: LoopbackRequest) -> LoopbackResponse {
        if request.path == HandoffEndpoint.proofPath { return proof(request) }
        if request.path == HandoffEndpoint.path { return handoff(request) }
        if let route = configuration.routes[request.path] { return route(request) }
        guard request.path == path, request.method == "GET" || request.method == "POST" else {
            return pages.notFound()
        }
        let query = QueryParameters(query: (request.query ?? "")[...], plusAsSpace: true)
        var body: QueryParameters?
        if request.method == "POST",
            request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        {
            body = QueryParameters(query: request.text[...], plusAsSpace: true)
        }
        let callback: RedirectCallback
        do {
            callback = try RedirectCallback(
                url: redirectURI + (request.query.map { "?\($0)" } ?? ""), query: query, body: body, route: .http)
        } catch {
            return pages.rejected(RedirectRejection(error))
        }
        switch offer(callback) {
        case .accepted:
            return pages.received(title: configuration.successPage.title, message: configuration.successPage.message)
        case .acceptedWithError(let failure):
            return pages.failed(failure)
        case .rejected(let reason):
            return pages.rejected(reason)
        }
    }

    /// Answers a handoff sender's challenge with this flow's ``HandoffProof``; nothing else is told.
    private func proof(_ request: LoopbackRequest) -> LoopbackResponse {
        guard request.method == "GET" else { return .text("Use GET.\n", status: 405) }
        guard let challenge = request.header(HandoffEndpoint.challengeHeader), !challenge.isEmpty,
            challenge.utf8.count <= HandoffProof.maximumChallengeBytes
        else {
            return .text("No challenge.\n", status: 400)
        }
        var response = LoopbackResponse(status: 204)
        response.headers.append(
            HTTPHeader(name: HandoffEndpoint.proofHeader, value: HandoffProof.answer(to: challenge, key: proofKey)))
        return response
    }

    private func handoff(_ request: LoopbackRequest) -> LoopbackResponse {
        guard request.method == "POST" else { return .text("Use POST.\n", status: 405) }
        guard let presented = request.header(HandoffEndpoint.secretHeader), ConstantTime.equal(presented, secret) else {
            return .text("Wrong handoff secret.\n", status: 401)
        }
        let url = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let verdict: CallbackVerdict
        do {
            verdict = offer(try RedirectCallback(url: url, route: .handoff))
        } catch {
            verdict = .rejected(RedirectRejection(error))
        }
        switch verdict {
        // A failure ends the wait too: the waiting flow reports it in its own terminal, so nothing is worded here.
        case .accepted, .acceptedWithError:
            return LoopbackResponse(status: 204)
        case .rejected(let reason):
            // The English sentence is for senders older than the code header; a newer one words the code in
            // its own language.
            let status = reason.code == RedirectRejection.alreadyAnswered.code ? 409 : 400
            var response = LoopbackResponse.text(reason.description + "\n", status: status)
            response.headers.append(HTTPHeader(name: HandoffEndpoint.rejectionHeader, value: reason.code.wire))
            return response
        }
    }
}

/// A wait for a listener's answer.
private typealias Waiter<Answer: Sendable> = CheckedContinuation<Result<Answer, RedirectListenerError>, Never>

/// What the listener is waiting on, under one lock.
private struct WaitState<Answer: Sendable> {
    var accepted: Answer?
    var failure: RedirectListenerError?
    var waiters: [Waiter<Answer>] = []
}

/// The server's handler is created before the listener exists; requests that arrive in between (none should,
/// as the port is fresh) get 503. Holding the listener weakly lets it stop when its owner lets go.
private final class Inbox<Answer: Sendable>: Sendable {
    // Set once, then only read: every request reads it, on its own connection's thread, and a lock here was the
    // flooded listener's most contended one after the connection registry's (perf: 12.6 % of samples).
    private let listener = AtomicLazyReference<WeakListener<Answer>>()

    func attach(_ owner: RedirectListener<Answer>) {
        _ = listener.storeIfNil(WeakListener(owner))
    }

    func handle(_ request: LoopbackRequest) -> LoopbackResponse {
        guard let owner = listener.load()?.value else {
            return .text(CallbackPageWording.text("Starting up.") + "\n", status: 503)
        }
        return owner.handle(request)
    }
}

private final class WeakListener<Answer: Sendable>: Sendable {
    weak let value: RedirectListener<Answer>?

    init(_ value: RedirectListener<Answer>) {
        self.value = value
    }
}

/// Why waiting for a browser callback ended without one.
public enum RedirectListenerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No valid callback arrived before the deadline.
    case timedOut(Duration)
    /// The wait was cancelled (Ctrl-C, or the caller's task).
    case cancelled
    /// The listener could not start.
    case server(LoopbackServerError)
    /// The rendezvous file for a handoff could not be written.
    case rendezvous(StorageError)

    public var description: String {
        switch self {
        case .timedOut(let limit):
            let seconds = limit.components.seconds
            return "No callback arrived within \(seconds) seconds: start again and finish in the browser sooner, "
                + "or wait longer."
        case .cancelled:
            return "Cancelled while waiting for the browser."
        case .server(let error):
            return error.description
        case .rendezvous(let reason):
            return "Could not publish this flow for a handoff: \(reason.description)"
        }
    }
}
