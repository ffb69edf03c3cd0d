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
        let cancellation = CancellationFlag()
        let configuration = self.configuration
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
