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
    /// What each blocking function answered during this request, by event (``BlockingFunctionRun``).
    var blockingOutcomes: [BlockingFunctionEvent: Result<BlockingFunctionUpdates, APIError>] = [:]
    /// The blocking-function call the operation stopped at; made outside the state lock, then the operation
    /// runs again from the start with its answer.
    var pendingBlockingCall: BlockingFunctionCall?
    /// Values that must stay the same when the operation runs again (a new account's local ID), by name.
    var kept: [String: String] = [:]
    /// The request's `X-Firebase-Locale` (the client's language for emails and SMS), when it is a plausible
    /// language tag: the `lang` of the action links the request makes.
    var locale: String?
    /// Whether the project config may name blocking functions off loopback
    /// (``EmbeddedBackend/Configuration/allowsRemoteBlockingFunctions``).
    var remoteFunctionsAllowed = false
    /// The tokens the identity-provider stand-ins issued, which `signInWithIdp` accepts as production would.
    var deviceAuthorizations: DeviceAuthorizationRegistry?

    mutating func log(_ line: String) {
        logs.append(line)
    }

    /// The value kept under `name`, made by `make` the first time: the same in every run of the operation.
    mutating func kept(_ name: String, _ make: () -> String) -> String {
        if let value = kept[name] { return value }
        let value = make()
        kept[name] = value
        return value
    }
}

/// A REST operation: runs under the state lock and returns the reply body.
typealias Operation = @Sendable (inout BackendState, inout OperationContext) throws(APIError) -> JSONObject
