import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The open connections of one server, each with the time it began waiting for its next request, so
/// ``ConnectionReaper`` can close those that take too long to deliver one, and with the context of the
/// request it is receiving or answering.
///
/// libmicrohttpd reports each connection's start and close (``listenerConnectionNotified``) and closes the
/// socket only after the close notification has returned. Removal and every shutdown hold the same lock,
/// so a shutdown can never reach a descriptor that was closed and reused for something else.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        /// The socket, or -1 when libmicrohttpd did not say (such a connection is not reaped).
        let descriptor: Int32
        /// When the connection began waiting for a complete request; nil while one is being answered.
        var waitingSince: ContinuousClock.Instant?
        /// Already shut down once; libmicrohttpd will notice and close it.
        var shutDown = false
        /// The current request's context. Owned here rather than by libmicrohttpd's request pointer:
        /// libmicrohttpd 0.9.75 drops a request whose head nearly fills the connection's memory pool without
        /// reporting it complete, and a context only it held would then leak (found by fuzz/FuzzListener).
        var request: RequestContext?
    }

    private let entries = Mutex<[UInt: Entry]>([:])

    /// A connection was accepted; its deadline starts now.
    func opened(_ connection: OpaquePointer, descriptor: Int32) {
        entries.withLock { $0[Self.key(connection)] = Entry(descriptor: descriptor, waitingSince: .now) }
    }

    /// The connection's request is complete (or refused): the handler and the response are not on the clock.
    func answering(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.waitingSince = nil }
    }

    /// The response went out (or the request ended otherwise): a kept-alive connection's next request
    /// must be complete within the deadline from now.
    func answered(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.waitingSince = .now }
    }

    /// Keeps `request` alive as the connection's current request until ``finishRequest(on:)`` or the
    /// connection closes, whichever comes first; a request libmicrohttpd never finished is dropped now.
    func holdRequest(_ request: RequestContext, on connection: OpaquePointer) {
        entries.withLock { entries in
            entries[Self.key(connection), default: Entry(descriptor: -1, waitingSince: .now)].request = request
        }
    }

    /// The connection's request completed: its context goes.
    func finishRequest(on connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.request = nil }
    }

    /// libmicrohttpd is about to close the connection's socket; the context of a request still held goes too.
    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// Shuts down, both ways, every connection that has waited `deadline` or longer for a complete request.
    /// libmicrohttpd's connection thread then reads end-of-file and closes the connection itself.
    func shutDownOverdue(deadline: Duration, now: ContinuousClock.Instant = .now) {
        entries.withLock { entries in
            for (key, entry) in entries where !entry.shutDown && entry.descriptor >= 0 {
                guard let since = entry.waitingSince, now - since >= deadline else { continue }
                _ = shutdown(entry.descriptor, Int32(SHUT_RDWR))
                entries[key]?.shutDown = true
            }
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: connection)
    }
}
