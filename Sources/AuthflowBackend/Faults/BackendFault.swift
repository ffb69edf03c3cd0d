/// A failure to inject into the backend's replies, for testing how a client copes with a misbehaving
/// server. Set one with ``EmbeddedBackend/setFault(_:for:times:)``.
///
/// Not available, because `LoopbackServer` (AuthflowListener) always sends a complete response built in
/// memory: dropping the connection without a reply (it would need the listener to let a handler refuse the
/// request, i.e. libmicrohttpd's access handler returning `MHD_NO`), and a body that trickles out slowly
/// (it would need a callback-based response, `MHD_create_response_from_callback`). ``delay(_:)`` covers
/// timeouts, and ``truncatedJSON`` a body cut short.
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
}
