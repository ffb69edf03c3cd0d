import Synchronization

/// The open connections of one server, so ``ConnectionReaper`` can close those that take too long to deliver a
/// request. Its lock is taken only when a connection opens or closes and when the reaper looks; each request's
/// bookkeeping goes through that connection's own ``OpenConnection``.
///
/// libmicrohttpd reports each connection's start and close (``listenerConnectionNotified``) and closes the
/// socket only after the close notification has returned. Removal and every shutdown hold the same lock,
/// so a shutdown can never reach a descriptor that was closed and reused for something else.
final class ConnectionRegistry: Sendable {
    private let entries = Mutex<[UInt: OpenConnection]>([:])

    /// A connection was accepted; its deadline starts now.
    @discardableResult
    func opened(_ connection: OpaquePointer, descriptor: Int32) -> OpenConnection {
        let open = OpenConnection(descriptor: descriptor)
        entries.withLock { $0[Self.key(connection)] = open }
        return open
    }

    /// libmicrohttpd is about to close the connection's socket; the context of a request still held goes too.
    func closed(_ connection: OpaquePointer) {
        let open = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
        open?.close()
    }

    /// Shuts down, both ways, every connection that has waited `deadline` or longer for a complete request.
    /// libmicrohttpd's connection thread then reads end-of-file and closes the connection itself.
    func shutDownOverdue(deadline: Duration, now: ContinuousClock.Instant = .now) {
        entries.withLock { entries in
            for open in entries.values {
                open.shutDownIfOverdue(deadline: deadline, now: now)
            }
        }
    }

    /// Keeps the open connections under `limit` for one just accepted: when `limit` or more are open and not yet
    /// shut down, shuts down the one that has waited longest for a complete request (a slow sender, or a kept-alive
    /// connection with nothing to ask), as ``shutDownOverdue(deadline:now:)`` would. Returns false, so the new
    /// connection is refused, only when every one of them is being answered. Called for each accepted connection,
    /// before libmicrohttpd reports it open.
    func makeRoom(limit: Int) -> Bool {
        entries.withLock { entries in
            // Shut-down connections still count until closed, so fewer entries than the limit is room enough.
            guard entries.count >= limit else { return true }
            var live = 0
            var oldest: (connection: OpenConnection, since: ContinuousClock.Instant)?
            for open in entries.values {
                switch open.standing {
                case .closing: continue
                case .busy: live += 1
                case .waiting(let since):
                    live += 1
                    if oldest.map({ since < $0.since }) ?? true { oldest = (open, since) }
                }
            }
            guard live >= limit else { return true }
            guard let oldest else { return false }
            oldest.connection.shutDown()
            return true
        }
    }

    /// A request context and its connection refer to each other until the request finishes or the connection
    /// closes; connections still here when the server goes (none, if every close was reported) drop theirs now.
    deinit {
        entries.withLock { entries in
            for open in entries.values { open.close() }
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: connection)
    }
}
