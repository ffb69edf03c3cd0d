import AuthflowPrimitives

/// Everything needed to send one request; a value type so it can cross to the transfer thread.
public struct HTTPRequest: Sendable {
    /// The request method; `GET` unless a call says otherwise.
    public var method: HTTPMethod
    /// An absolute `http` or `https` URL; anything else fails before a connection is attempted.
    public var url: String
    /// Extra request headers. A header with an empty value is sent empty rather than dropped.
    public var headers: [HTTPHeader]
    /// The request body, if any; sent with its exact length.
    public var body: [UInt8]?

    /// A request; `body` is sent as is, so set `Content-Type` in `headers`.
    public init(method: HTTPMethod = .get, url: String, headers: [HTTPHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
