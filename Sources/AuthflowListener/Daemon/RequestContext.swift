import AuthflowPrimitives

/// One request's state across libmicrohttpd's repeated access-handler calls: created when the request
/// line arrives, released when libmicrohttpd reports the request complete or closes the connection.
/// Only the connection's own thread touches its fields; the ``OpenConnection`` that owns it merely
/// holds the reference (and may drop it from the daemon's thread once libmicrohttpd is done with it).
/// For as long as it lives, the request counts as in progress (``RequestsInProgress``), so a graceful stop
/// waits for its answer.
final class RequestContext: @unchecked Sendable {
    let target: String
    /// The connection it arrived on, for its deadline bookkeeping.
    let connection: OpenConnection
    /// The server's count, which this request is in until it goes.
    private let inProgress: RequestsInProgress
    var started = false
    var answered = false
    var headers: [HTTPHeader] = []
    var body: [UInt8] = []
    var bodyTooLarge = false

    init(target: String, connection: OpenConnection, inProgress: RequestsInProgress) {
        self.target = target
        self.connection = connection
        self.inProgress = inProgress
        inProgress.begin()
    }

    deinit {
        inProgress.end()
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
