import AuthflowPrimitives

/// What the handler answers. `Content-Length` is computed by the server; do not set it.
public struct LoopbackResponse: Sendable {
    /// An HTTP status code between 100 and 999; others are answered as 500.
    public var status: Int
    /// Headers to send; `Content-Length` is added by the server.
    public var headers: [HTTPHeader]
    /// The body to send.
    public var body: [UInt8]
    /// How the body goes out; anything but ``Delivery/whole`` is for imitating a misbehaving server in tests.
    public var delivery: Delivery = .whole

    /// How the body is written to the connection.
    public enum Delivery: Sendable, Hashable {
        /// All at once.
        case whole
        /// `bytes` at a time with `interval` between writes: a server whose body trickles out.
        case paced(bytes: Int, interval: Duration)
        /// The first `bytes` bytes, then the connection is dropped: a server that dies mid-reply.
        case cutOff(afterBytes: Int)
    }

    /// A response with raw bytes; the `text`, `html` and `redirect` helpers set the headers for you.
    public init(status: Int = 200, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A UTF-8 plain-text page.
    public static func text(_ text: String, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(
            status: status,
            headers: [HTTPHeader(name: "Content-Type", value: "text/plain; charset=utf-8")],
            body: Array(text.utf8)
        )
    }

    /// A UTF-8 HTML page, for the "you can close this tab" pages a browser shows after a flow.
    public static func html(_ html: String, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(
            status: status,
            headers: [HTTPHeader(name: "Content-Type", value: "text/html; charset=utf-8")],
            body: Array(html.utf8)
        )
    }

    /// A redirect with an empty body; `location` is sent as given.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [HTTPHeader(name: "Location", value: location)])
    }
}
