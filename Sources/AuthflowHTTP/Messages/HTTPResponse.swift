import AuthflowPrimitives

/// A complete response. Any status is a response, not an error: callers decide what a 4xx means.
public struct HTTPResponse: Sendable {
    /// The HTTP status code of the final response.
    public let status: Int
    /// Headers of the final response only, when redirects were followed.
    public let headers: [HTTPHeader]
    /// The body, at most the configured size.
    public let body: [UInt8]
    /// The effective URL after any followed redirects, so relative references resolve correctly.
    public let url: String

    /// Creates a response; public so other modules can test their response handling without a server.
    public init(status: Int, headers: [HTTPHeader], body: [UInt8], url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The first value of the header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.firstValue(named: name)
    }

    /// For a 3xx response, where it points, made absolute against ``url`` so short links can be unwrapped
    /// one hop at a time. `nil` for other statuses or when the header is missing or unusable.
    public var location: String? {
        guard (300..<400).contains(status), let raw = header("Location") else { return nil }
        return CurlURL.resolve(raw, against: url)
    }

    /// The body decoded as UTF-8; invalid bytes become U+FFFD rather than failing.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }

    /// Returns `self` for a 2xx status; otherwise throws ``HTTPError/status(code:body:)`` carrying the body,
    /// which usually explains the failure.
    public func requireSuccess() throws(HTTPError) -> HTTPResponse {
        guard (200..<300).contains(status) else { throw .status(code: status, body: body) }
        return self
    }
}
