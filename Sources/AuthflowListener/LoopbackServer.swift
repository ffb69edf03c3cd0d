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
            handler: handler, maxBodyBytes: configuration.maxBodyBytes,
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
    }

    /// Stops listening and frees the port. Requests already being answered get up to a second to reach
    /// their clients (the page for the callback that made the caller stop); handlers still running are
    /// waited for. Do not call it from a handler: it would wait the full second for that handler's own answer.
    /// Safe to call more than once.
    public func stop() {
        context.deliveries.waitUntilDelivered(limit: .seconds(1))
        let running = daemons.withLock { daemons in
            defer { daemons.removeAll() }
            return daemons
        }
        running.forEach { $0.stop() }
        reaper.stop()
    }

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
