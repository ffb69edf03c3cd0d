/// An encoded request body and, by its case, its `Content-Type`.
public enum RequestBody: Sendable, Hashable {
    /// No body (GET requests).
    case none
    /// `application/json`.
    case json([UInt8])
    /// `application/x-www-form-urlencoded`.
    case form([UInt8])

    /// The `Content-Type` header value, or `nil` when there is no body.
    var contentType: String? {
        switch self {
        case .none: nil
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        }
    }

    /// The bytes to send, or `nil` when there is no body.
    var bytes: [UInt8]? {
        switch self {
        case .none: nil
        case .json(let bytes), .form(let bytes): bytes
        }
    }
}
