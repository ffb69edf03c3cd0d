import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One running libmicrohttpd daemon on one listening socket.
struct Daemon: @unchecked Sendable {
    // A C pointer is not Sendable by itself; it is only used under LoopbackServer's lock.
    let raw: OpaquePointer

    /// Starts serving `socket`, which libmicrohttpd owns from here on: it closes it on stop, and also when
    /// starting fails.
    static func start(
        on socket: ListeningSocket, context: ServerContext, configuration: LoopbackServer.Configuration,
        tls: TLSStrings?
    ) -> Daemon? {
        var flags = authflow_mhd_flags_threaded()
        if socket.family == .ipv6 { flags |= authflow_mhd_flag_ipv6() }
        let timeout = UInt32(
            clamping: max(1, Int((configuration.connectionTimeout + .milliseconds(999)).components.seconds)))
        // libmicrohttpd's own limit stops accepting altogether (new connections wait in the backlog until one
        // closes): it is only the hard stop above ``ConnectionRegistry/makeRoom(limit:)``, which keeps the
        // configured limit by closing the connection that has waited longest for its request.
        let limit = UInt32(clamping: max(1, configuration.maxConnections) + Daemon.sheddingHeadroom)
        let memory = max(Daemon.minimumHeaderBytes, configuration.maxHeaderBytes)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let raw = authflow_mhd_start_daemon(
            flags, socket.descriptor,
            listenerAdmitConnection, contextPointer,
            listenerAccess, contextPointer,
            listenerRequestStarted, contextPointer,
            listenerRequestCompleted, contextPointer,
            listenerConnectionNotified, contextPointer,
            timeout, limit, memory,
            tls?.key, tls?.certificate
        )
        return raw.map(Daemon.init(raw:))
    }

    /// Connections libmicrohttpd accepts beyond the configured limit: those just shut down to make room, whose
    /// threads have not yet closed them (milliseconds on loopback), must not stop it accepting.
    static let sheddingHeadroom = 64

    /// See ``LoopbackServer/Configuration/maxHeaderBytes``: with a 512-byte pool libmicrohttpd 0.9.75 dropped
    /// a connection sending a 100 KB body; 4 KiB leaves a wide margin.
    static let minimumHeaderBytes = 4096

    /// Stops accepting new connections; those already open go on being served. libmicrohttpd stops polling the
    /// listening socket (MHD_quiesce_daemon), which is then shut down for reading: on Linux that ends listening, so
    /// a new connection is refused at once rather than left in the backlog until ``stop()``. The socket stays open,
    /// and its number taken, until ``stop()``, since libmicrohttpd's thread may still hold it for a moment.
    func refuseNewConnections() {
        let listening = MHD_quiesce_daemon(raw)
        if listening >= 0 { _ = shutdown(listening, Int32(SHUT_RD)) }
    }

    /// Closes every connection, waits for their threads (a handler still running is waited for), and closes the
    /// listening socket: libmicrohttpd's own close, or this one's once it was quiesced (quiescing again only
    /// hands the socket back).
    func stop() {
        let listening = MHD_quiesce_daemon(raw)
        MHD_stop_daemon(raw)
        if listening >= 0 { _ = close(listening) }
    }
}

/// C copies of the TLS PEM text, alive for as long as the server.
final class TLSStrings: @unchecked Sendable {
    // Immutable after init; freed only in deinit.
    let key: UnsafeMutablePointer<CChar>
    let certificate: UnsafeMutablePointer<CChar>

    init?(_ identity: LoopbackServer.TLSIdentity) {
        guard let key = strdup(identity.privateKeyPEM) else { return nil }
        guard let certificate = strdup(identity.certificatePEM) else {
            free(key)
            return nil
        }
        self.key = key
        self.certificate = certificate
    }

    deinit {
        free(key)
        free(certificate)
    }
}
