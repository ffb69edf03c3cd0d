import AuthflowPrimitives

/// One request's state across libmicrohttpd's repeated access-handler calls: created when the request
/// line arrives, released when libmicrohttpd reports the request complete or closes the connection.
/// Only the connection's own thread touches its fields; the ``OpenConnection`` that owns it merely
/// holds the reference (and may drop it from the daemon's thread once libmicrohttpd is done with it).
final class RequestContext: @unchecked Sendable {
    let target: String
    /// The connection it arrived on, for its deadline bookkeeping.
    let connection: OpenConnection
    var started = false
    var answered = false
    /// Being answered; counted in ``PendingDeliveries`` until the request finishes.
    var delivering = false
    var headers: [HTTPHeader] = []
    var body: [UInt8] = []
    var bodyTooLarge = false

    init(target: String, connection: OpenConnection) {
        self.target = target
        self.connection = connection
    }

    /// Appends upload bytes unless that would pass `limit`; past it the rest is read and dropped.
    func receive(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        guard !bodyTooLarge else { return }
        guard body.count + bytes.count <= limit else {
            bodyTooLarge = true
            body = []
            return
        }
        body.append(contentsOf: bytes)
    }
}
