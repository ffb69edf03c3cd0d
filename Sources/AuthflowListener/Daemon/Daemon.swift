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
        let limit = UInt32(clamping: max(1, configuration.maxConnections))
        let memory = max(Daemon.minimumHeaderBytes, configuration.maxHeaderBytes)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let raw = authflow_mhd_start_daemon(
            flags, socket.descriptor,
            listenerAccess, contextPointer,
            listenerRequestStarted, contextPointer,
            listenerRequestCompleted, contextPointer,
            listenerConnectionNotified, contextPointer,
            timeout, limit, memory,
            tls?.key, tls?.certificate
        )
        return raw.map(Daemon.init(raw:))
    }

    /// See ``LoopbackServer/Configuration/maxHeaderBytes``: with a 512-byte pool libmicrohttpd 0.9.75 dropped
    /// a connection sending a 100 KB body; 4 KiB leaves a wide margin.
    static let minimumHeaderBytes = 4096

    /// Stops accepting, waits for running handlers to return, and closes the listening socket.
    func stop() {
        MHD_stop_daemon(raw)
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
