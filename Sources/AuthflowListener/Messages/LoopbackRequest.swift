import AuthflowPrimitives

/// A complete request as the handler sees it: body fully read and within the size limit.
public struct LoopbackRequest: Sendable {
    /// The method as sent, e.g. `GET` or `POST`.
    public var method: String
    /// The request target exactly as sent (normally path and query; absolute-form when the client treats
    /// this server as a proxy). Kept raw so callers can validate it byte for byte.
    public var target: String
    /// The part of ``target`` before `?`, still percent-encoded.
    public var path: String
    /// The part of ``target`` after the first `?`, still percent-encoded; `nil` when there is no `?`.
    public var query: String?
    /// The request headers in the order received.
    public var headers: [HTTPHeader]
    /// The whole body (form posts carry the callback here).
    public var body: [UInt8]

    /// A request as the server hands it to the handler; also handy for testing handlers directly.
    public init(method: String, target: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.firstValue(named: name)
    }

    /// The body decoded as UTF-8; invalid bytes become U+FFFD.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }
}
