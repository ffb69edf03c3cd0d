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
