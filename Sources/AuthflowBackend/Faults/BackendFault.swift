/// A failure to inject into the backend's replies, for testing how a client copes with a misbehaving
/// server. Set one with ``EmbeddedBackend/setFault(_:for:times:)``.
public enum BackendFault: Sendable, Hashable {
    /// Answer with this status and body (sent as `application/json`) instead of running the endpoint.
    case status(Int, body: String)
    /// Wait this long, then answer normally; for client timeouts (keep it short: stopping the backend
    /// waits for requests in progress).
    case delay(Duration)
    /// Run the endpoint, then send only the first half of its body (with a matching `Content-Length`), so
    /// the client receives JSON that ends mid-value.
    case truncatedJSON
    /// Answer 200 `application/json` with a body that is not JSON at all.
    case malformedJSON
    /// Answer with this 3xx status and `Location` instead of running the endpoint: a backend (or anything
    /// answering for it) that tries to move a request, and the credentials in it, to another host.
    case redirect(status: Int, location: String)
    /// Run the endpoint, then send its body `bytes` at a time with `interval` between writes, the full
    /// `Content-Length` announced: a server (or a proxy) that trickles.
    case slowBody(bytes: Int, interval: Duration)
    /// Run the endpoint, announce its full length, send half the body and drop the connection: a server that
    /// dies mid-reply after it did the work.
    case droppedConnection
}
