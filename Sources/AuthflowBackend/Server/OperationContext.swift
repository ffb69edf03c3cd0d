import AuthflowPrimitives
import Foundation

/// What one REST operation gets besides the state: its body, whether the caller is an admin, where the
/// backend lives, the time, and the log lines it produces (emitted after the state lock is released).
struct OperationContext: Sendable {
    var body: RequestFields
    /// `Authorization: Bearer owner` (or a `ya29.` token): the emulator's admin access.
    var privileged: Bool
    /// `http://<advertised host:port>`, the base of links the backend prints.
    var origin: String
    var now: Date
    var logs: [String] = []
    /// The named segments of a resource path (`projectId`, `tenantId`).
    var pathParameters: [String: String] = [:]
    /// The URL's query (`pageSize`, `pageToken`, `updateMask`).
    var query = QueryParameters()
    /// The request's `X-Firebase-Locale` (the client's language for emails and SMS), when it is a plausible
    /// language tag: the `lang` of the action links the request makes.
    var locale: String?

    mutating func log(_ line: String) {
        logs.append(line)
    }
}

/// A REST operation: runs under the state lock and returns the reply body.
typealias Operation = @Sendable (inout BackendState, inout OperationContext) throws(APIError) -> JSONObject
