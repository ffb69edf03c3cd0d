extension HTTPClient {
    /// Sends `request` on the calling thread and waits for the answer, for callers that are threads of their
    /// own rather than tasks (a server's connection thread): nothing is scheduled on Swift's cooperative pool,
    /// so it cannot wait on a pool that other work has filled. Never call it from a task. Statuses and
    /// failures are as ``send(_:)`` reports them.
    public func sendBlocking(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        try CurlTransfer.perform(request, configuration: configuration, cancellation: CancellationFlag()).get()
    }
}
