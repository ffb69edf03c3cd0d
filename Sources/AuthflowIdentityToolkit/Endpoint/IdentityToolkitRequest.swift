import Foundation

/// A typed call to one ``Endpoint``: the request describes what to send, ``IdentityToolkitClient`` sends it and
/// decodes ``Response``.
///
/// JSON requests only need to be `Encodable` with the API's field names; the default ``encodedBody()`` encodes
/// them. GET requests put their parameters in ``queryItems`` and keep the default empty body.
public protocol IdentityToolkitRequest: RedactingDescription, Sendable {
    /// What a successful reply decodes to.
    associatedtype Response: Decodable & Sendable

    /// The method, service and path this request type calls.
    static var endpoint: Endpoint { get }

    /// Query parameters after `key=`, in order. Empty by default.
    var queryItems: [QueryItem] { get }

    /// The resource the method acts on, written before `:<method>` (App Check's
    /// `projects/<id>/apps/<appId>`); `nil` by default, when the endpoint's path is the whole path.
    var resourcePath: String? { get }

    /// The body to send. By default empty, or the request itself as JSON when it is `Encodable`.
    func encodedBody() throws(IdentityToolkitError) -> RequestBody

    /// Checks that must pass before anything is sent, so a mistake never reaches the network (for example an
    /// empty SMS code). Throws ``IdentityToolkitError/invalidRequest(_:)``; does nothing by default.
    func validate() throws(IdentityToolkitError)
}

extension IdentityToolkitRequest {
    /// The parameters after `key=`, in the order the SDKs send them.
    public var queryItems: [QueryItem] { [] }

    /// No resource: the endpoint's path is the whole path.
    public var resourcePath: String? { nil }

    /// The encoded body.
    public func encodedBody() throws(IdentityToolkitError) -> RequestBody { .none }

    /// Refuses, before sending, a request that cannot succeed.
    public func validate() throws(IdentityToolkitError) {}
}

extension IdentityToolkitRequest where Self: Encodable {
    /// The encoded body.
    public func encodedBody() throws(IdentityToolkitError) -> RequestBody {
        let encoder = JSONEncoder()
        // Sorted keys make bodies stable for logs and diffs; unescaped slashes keep URLs readable.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return .json(Array(try encoder.encode(self)))
        } catch {
            throw .invalidRequest(.unencodable(requestType: "\(Self.self)"))
        }
    }
}

/// A request whose body (or query) accepts `tenantId`. The client fills ``tenantID`` from
/// ``IdentityToolkitConfiguration/tenantID`` when the request leaves it `nil`, as the SDKs do.
public protocol TenantScopedRequest: IdentityToolkitRequest {
    /// The tenant the request acts in; `nil` for the project's default tenant.
    var tenantID: String? { get set }
}

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
