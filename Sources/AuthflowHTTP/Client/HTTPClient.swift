import AuthflowPrimitives

/// Sends HTTP requests with libcurl without tying up Swift's cooperative thread pool.
///
/// Each request runs its blocking transfer on a thread of its own and resumes the caller when done, so a
/// slow server never starves other tasks. Cancelling the calling task aborts the transfer within about a second.
public struct HTTPClient: Sendable {
    /// The settings every request of this client uses.
    public let configuration: HTTPClientConfiguration

    /// A client with `configuration`; creating one is cheap and opens nothing.
    public init(configuration: HTTPClientConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Sends `request` and returns whatever status the server answered; only failures to get a response
    /// throw. Use ``HTTPResponse/requireSuccess()`` when a non-2xx status is an error for the caller.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        guard let budget = configuration.budget else { return try await transfer(request, configuration) }
        // Within a shared budget the request gets what is left of it, and a timeout names the whole budget.
        let left = budget.begin()
        defer { budget.end() }
        guard left > .zero else { throw .timedOut(phase: .total, limit: budget.total) }
        guard left < configuration.totalTimeout else { return try await transfer(request, configuration) }
        var cut = configuration
        cut.totalTimeout = left
        cut.connectTimeout = min(cut.connectTimeout, left)
        do {
            return try await transfer(request, cut)
        } catch .timedOut(let phase, _) {
            throw .timedOut(phase: phase, limit: budget.total)
        }
    }

    private func transfer(
        _ request: HTTPRequest, _ configuration: HTTPClientConfiguration
    ) async throws(HTTPError) -> HTTPResponse {
        let cancellation = CancellationFlag()
        let result = await withTaskCancellationHandler {
            await DetachedThread.value {
                CurlTransfer.perform(request, configuration: configuration, cancellation: cancellation)
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }
}

extension HTTPClient {
    /// Sends `request` on the calling thread and waits for the answer, for callers that are threads of their
    /// own rather than tasks (a server's connection thread): nothing is scheduled on Swift's cooperative pool,
    /// so it cannot wait on a pool that other work has filled. Never call it from a task. Statuses and
    /// failures are as ``send(_:)`` reports them.
    public func sendBlocking(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        try CurlTransfer.perform(request, configuration: configuration, cancellation: CancellationFlag()).get()
    }
}

extension HTTPClient {
    /// Starts opening libcurl (and its ~30 dependencies) and initialising it on a thread of its own, and returns at
    /// once: for a caller that knows a request will follow, so the work overlaps what it does meanwhile (the
    /// command line's parse) instead of delaying the first request. It is the same once-only work the first request
    /// does, which waits for it if it is still under way; a missing libcurl is reported there, as without this call.
    public static func prepareInBackground() {
        CurlGlobal.initializeInBackground()
    }
}
