import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One accepted connection's state: when it began waiting for its next request (for ``ConnectionReaper``) and
/// the context of the request it is receiving or answering.
///
/// Each connection has its own lock, taken by that connection's thread a few times per request and by the reaper
/// a few times per deadline, so requests on different connections never wait for each other. (One lock shared by
/// every connection was the listener's bottleneck under a flood: `perf` put 41 % of its samples in that lock's
/// contended path and another 10 % in the scheduler switching between threads waiting for it.)
/// libmicrohttpd's `socket_context` holds a retained reference from the open notification to the close one, and
/// the ``ConnectionRegistry`` holds one for the reaper.
final class OpenConnection: Sendable {
    private struct State {
        /// When the connection began waiting for a complete request; nil while one is being answered.
        var waitingSince: ContinuousClock.Instant?
        /// Already shut down once; libmicrohttpd will notice and close it.
        var shutDown = false
        /// The current request's context. Owned here rather than by libmicrohttpd's request pointer:
        /// libmicrohttpd 0.9.75 drops a request whose head nearly fills the connection's memory pool without
        /// reporting it complete, and a context only it held would then leak (found by fuzz/FuzzListener).
        var request: RequestContext?
    }

    /// The socket, or -1 when libmicrohttpd did not say (such a connection is not reaped).
    let descriptor: Int32
    private let state: Mutex<State>

    /// A connection accepted now: its deadline starts now.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        self.state = Mutex(State(waitingSince: .now))
    }

    /// The connection's request is complete (or refused): the handler and the response are not on the clock.
    func answering() {
        state.withLock { $0.waitingSince = nil }
    }

    /// The response went out (or the request ended otherwise): a kept-alive connection's next request
    /// must be complete within the deadline from now.
    func answered() {
        state.withLock { $0.waitingSince = .now }
    }

    /// Keeps `request` alive as the connection's current request until ``finishRequest()`` or ``close()``,
    /// whichever comes first; a request libmicrohttpd never finished is dropped now.
    func holdRequest(_ request: RequestContext) {
        state.withLock { $0.request = request }
    }

    /// The connection's request completed: its context goes.
    func finishRequest() {
        state.withLock { $0.request = nil }
    }

    /// libmicrohttpd is about to close the socket: the context of a request still held goes.
    func close() {
        state.withLock { $0.request = nil }
    }

    /// Where a connection stands, for ``ConnectionRegistry/makeRoom(limit:)``.
    enum Standing {
        /// Shut down already: libmicrohttpd is closing it, so it no longer counts against the limit.
        case closing
        /// Its request is being answered, or it has no socket to shut down: it cannot make room.
        case busy
        /// Waiting since then for a complete request.
        case waiting(since: ContinuousClock.Instant)
    }

    var standing: Standing {
        state.withLock { state in
            if state.shutDown { return .closing }
            guard descriptor >= 0, let since = state.waitingSince else { return .busy }
            return .waiting(since: since)
        }
    }

    /// Shuts the socket down, both ways, now (libmicrohttpd then closes it), unless it already was. Called only
    /// with the registry locked, as ``shutDownIfOverdue(deadline:now:)``.
    func shutDown() {
        guard descriptor >= 0 else { return }
        state.withLock { state in
            guard !state.shutDown else { return }
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
            state.shutDown = true
        }
    }

    /// Shuts the socket down, both ways, if the connection has waited `deadline` or longer for a complete request;
    /// libmicrohttpd then reads end-of-file and closes the connection itself. Called only with the registry
    /// locked, which the close notification also takes, so the descriptor cannot have been closed and reused.
    func shutDownIfOverdue(deadline: Duration, now: ContinuousClock.Instant) {
        guard descriptor >= 0 else { return }
        state.withLock { state in
            guard !state.shutDown, let since = state.waitingSince, now - since >= deadline else { return }
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
            state.shutDown = true
        }
    }
}
