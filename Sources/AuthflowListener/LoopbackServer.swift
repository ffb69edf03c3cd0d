import AuthflowPrimitives
import CMicroHTTPD
import Synchronization

/// A small HTTP(S) server on 127.0.0.1 and ::1 only, for browser redirects back to this process.
///
/// It listens on both loopback addresses on one port (IPv4 alone when the machine has no IPv6), never on
/// other interfaces. Each connection gets a thread, so a slow handler does not hold up other requests.
/// By default only requests addressed to a loopback name with this port reach the handler (see
/// ``HostPolicy``), and request heads, bodies and the time to deliver a request are bounded (see
/// ``Configuration``), so neither a web page nor a misbehaving local client can misuse or tie up the server.
/// The handler is called once per request, on that connection's thread, after the whole body has arrived.
/// Avoid capturing the server itself in the handler: releasing the last reference there would stop the
/// server from one of its own threads.
public final class LoopbackServer: Sendable {
    /// The port shared by every bound address; the chosen one when the configuration asked for 0.
    public let port: UInt16
    /// The addresses actually listening, e.g. `["127.0.0.1", "::1"]`.
    public let boundAddresses: [String]

    private let context: ServerContext
    private let tlsStrings: TLSStrings?
    private let daemons: Mutex<[Daemon]>
    private let reaper: ConnectionReaper
    private let stopGracePeriod: Duration

    /// Starts opening libmicrohttpd on a thread of its own and returns at once, for a caller that will start a server
    /// shortly (a command line being parsed), so the opening overlaps that work. Starting a server waits for it if it
    /// is still under way, and reports a missing library as ever.
    public static func prepareInBackground() {
        SharedLibrary.microhttpd.loadInBackground()
    }

    /// Binds and starts serving immediately; `handler` answers every request.
    public init(
        configuration: Configuration = .init(),
        handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
    ) throws(LoopbackServerError) {
        // Before the first libmicrohttpd call: a missing library is a typed error, not the loader's exit.
        do {
            try SharedLibrary.microhttpd.load()
        } catch {
            throw .libraryUnavailable(error)
        }
        var tlsStrings: TLSStrings?
        if let identity = configuration.tls {
            guard authflow_mhd_tls_supported() != 0 else {
                throw .tlsSetupFailed(reason: .noTLSSupport)
            }
            guard let strings = TLSStrings(identity) else { throw .tlsSetupFailed(reason: .outOfMemory) }
            tlsStrings = strings
        }

        let sockets = try Self.bindLoopback(port: configuration.port)
        // The Host check needs the bound port, so the callbacks' context is made only now.
        let context = ServerContext(
            handler: handler, maxBodyBytes: configuration.maxBodyBytes, maxConnections: configuration.maxConnections,
            authority: configuration.hostPolicy == .loopback
                ? LoopbackAuthority(port: sockets[0].port, defaultPort: configuration.tls == nil ? 80 : 443) : nil
        )
        var started: [Daemon] = []
        for (index, socket) in sockets.enumerated() {
            guard let daemon = Daemon.start(on: socket, context: context, configuration: configuration, tls: tlsStrings)
            else {
                started.forEach { $0.stop() }
                // libmicrohttpd closes a socket it was given even when it fails to start, so only the
                // ones it never saw are closed here; closing its one again could hit a reused descriptor.
                sockets[(index + 1)...].forEach { $0.release() }
                if configuration.tls != nil {
                    throw .tlsSetupFailed(reason: .identityRejected)
                }
                throw .startFailed(reason: .daemonNotStarted(address: socket.family.address))
            }
            started.append(daemon)
        }

        self.port = sockets[0].port
        self.boundAddresses = sockets.map(\.family.address)
        self.context = context
        self.tlsStrings = tlsStrings
        self.daemons = Mutex(started)
        self.reaper = ConnectionReaper(registry: context.connections, deadline: configuration.requestDeadline)
        self.stopGracePeriod = configuration.stopGracePeriod
    }

    /// Stops gracefully, in three steps, and frees the port:
    /// 1. New connections are refused at once, on both addresses.
    /// 2. Requests in progress (from their request line until their answer is fully sent, the handler's time
    ///    included) may finish, for up to ``Configuration/stopGracePeriod`` (default 2 s); answers given from
    ///    now on close their connections. Idle keep-alive connections and connections that have sent nothing
    ///    are not waited for, so a browser's spare connections do not hold up the stop.
    /// 3. Every connection left is closed and its thread waited for.
    ///
    /// So the answer that made the caller stop (the page for a callback, the status a page polled) reaches its
    /// client, and nothing else delays the stop. If the period passes first, whatever is still in progress is cut
    /// off and this returns anyway: step 3 goes on in the background until a handler that is still running
    /// returns (its answer is dropped), and only then is the listening socket closed, though it is no longer
    /// listening. A request whose request line had not fully arrived when the stop began is not waited for.
    /// Do not call it from a handler: that handler's own request would hold it for the whole period.
    /// Safe to call more than once; a second call returns at once.
    public func stop() {
        let running = daemons.withLock { daemons in
            defer { daemons.removeAll() }
            return daemons
        }
        guard !running.isEmpty else { return }
        running.forEach { $0.refuseNewConnections() }
        let drained = context.requests.drain(limit: stopGracePeriod)
        reaper.stop()
        guard drained else {
            // A handler may never return; its thread must not hold the caller. The callbacks' context and the
            // TLS strings stay alive until libmicrohttpd is done with them.
            let context = self.context
            let tlsStrings = self.tlsStrings
            let finish: @Sendable () -> Void = {
                running.forEach { $0.stop() }
                withExtendedLifetime((context, tlsStrings)) {}
            }
            // Without a thread, finishing here is the only way that keeps the context alive long enough.
            if !DetachedThread.run(finish) { finish() }
            return
        }
        running.forEach { $0.stop() }
    }

    /// Whether ``stop()`` has begun: from then on new connections are refused. For tests, which must not poll
    /// the socket table or the port to find out.
    var isStopping: Bool { context.requests.isStopping }

    deinit {
        stop()
    }

    /// 127.0.0.1 first, then ::1 on the same port. With port 0 a clash on ::1 picks a new port and retries.
    private static func bindLoopback(port: UInt16) throws(LoopbackServerError) -> [ListeningSocket] {
        let attempts = port == 0 ? 20 : 1
        for _ in 0..<attempts {
            let ipv4: ListeningSocket
            switch ListeningSocket.open(.ipv4, port: port) {
            case .success(let socket): ipv4 = socket
            case .failure(let failure) where failure.isAddressInUse: throw .portInUse(port)
            case .failure(let failure):
                throw .bindFailed(address: "127.0.0.1", reason: .system(SystemError(code: failure.code)))
            }
            switch ListeningSocket.open(.ipv6, port: ipv4.port) {
            case .success(let ipv6):
                return [ipv4, ipv6]
            case .failure(let failure) where failure.isAddressInUse:
                ipv4.release()
                if port != 0 { throw .portInUse(port) }
            case .failure:
                // No usable IPv6 loopback on this machine: IPv4 alone still serves "localhost".
                return [ipv4]
            }
        }
        throw .bindFailed(address: "::1", reason: .noFreePort)
    }
}
