extension LoopbackServer {
    /// How the server listens. The defaults suit a one-shot OAuth-style callback listener.
    public struct Configuration: Sendable {
        /// The port on both loopback addresses; 0 lets the system pick a free one (see ``LoopbackServer/port``).
        public var port: UInt16
        /// Larger request bodies get 413 without reaching the handler, so a stray client cannot exhaust memory.
        public var maxBodyBytes: Int
        /// Idle connections are closed after this long (rounded up to whole seconds): no byte received or
        /// sent for this long, between requests or within one.
        public var connectionTimeout: Duration
        /// Serve HTTPS with this identity instead of plain HTTP.
        public var tls: TLSIdentity?
        /// At most this many connections are open at once, on both addresses together. One more makes room by
        /// closing the open connection that has waited longest for a complete request (a slow sender, an idle
        /// kept-alive connection), so connections trickling bytes cannot keep a browser's request out; it is
        /// refused only when every open connection is being answered.
        public var maxConnections: Int
        /// Which `Host` headers are answered; see ``HostPolicy``. The default, ``HostPolicy/loopback``,
        /// defeats DNS rebinding: a web page cannot reach this server under a name its attacker controls.
        public var hostPolicy: HostPolicy
        /// Memory for each connection's request line and headers (libmicrohttpd's connection memory pool).
        /// A request whose head does not fit is refused by libmicrohttpd without reaching the handler:
        /// 414 URI Too Long when the request line alone does not fit, 431 Request Header Fields Too Large
        /// otherwise. The pool also holds the response's headers, so a head within a few hundred bytes of
        /// the limit may instead have its connection closed unanswered, and a `Cookie` header counts about
        /// twice (libmicrohttpd keeps a parsed copy). Values below 4 KiB are raised to 4 KiB: much smaller
        /// pools leave libmicrohttpd unable to read bodies.
        public var maxHeaderBytes: Int
        /// A connection must deliver a complete request (headers and body) within this long of being
        /// accepted, or of its previous response being sent, or it is closed, however steadily it trickles
        /// bytes: ``connectionTimeout`` alone cannot stop a slow sender. Time spent in the handler and
        /// sending its response does not count.
        public var requestDeadline: Duration
        /// How long ``LoopbackServer/stop()`` lets requests in progress finish, their answers included, once it
        /// has stopped accepting connections; idle connections are never waited for. A request on loopback is
        /// answered in milliseconds, so the period only runs out for a handler that does not return or a client
        /// that does not read; then ``LoopbackServer/stop()`` returns anyway.
        public var stopGracePeriod: Duration

        /// Defaults suit a one-shot callback listener on an ephemeral port.
        public init(
            port: UInt16 = 0,
            maxBodyBytes: Int = 64 * 1024,
            connectionTimeout: Duration = .seconds(10),
            tls: TLSIdentity? = nil,
            maxConnections: Int = 256,
            hostPolicy: HostPolicy = .loopback,
            maxHeaderBytes: Int = 32 * 1024,
            requestDeadline: Duration = .seconds(30),
            stopGracePeriod: Duration = .seconds(2)
        ) {
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.connectionTimeout = connectionTimeout
            self.tls = tls
            self.maxConnections = maxConnections
            self.hostPolicy = hostPolicy
            self.maxHeaderBytes = maxHeaderBytes
            self.requestDeadline = requestDeadline
            self.stopGracePeriod = stopGracePeriod
        }
    }

    /// A certificate and private key, both PEM text, for serving HTTPS.
    public struct TLSIdentity: Sendable {
        /// The certificate chain, PEM.
        public var certificatePEM: String
        /// The unencrypted private key, PEM.
        public var privateKeyPEM: String

        /// An identity from PEM text (the key unencrypted).
        public init(certificatePEM: String, privateKeyPEM: String) {
            self.certificatePEM = certificatePEM
            self.privateKeyPEM = privateKeyPEM
        }
    }
}

extension LoopbackServer {
    /// Which `Host` headers the server answers.
    ///
    /// Any web page can make a browser send requests to a loopback port, and with DNS rebinding (pointing a
    /// name it controls at 127.0.0.1) it can also read the answers. Such requests carry the attacker's name
    /// in `Host`, so checking `Host` keeps them away from the handler.
    public enum HostPolicy: Sendable, Hashable {
        /// Only a loopback name with this server's port: `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT`,
        /// compared case-insensitively (not `NAME.localhost`). The port may be left out only when
        /// it is the scheme's default (80, or 443 with TLS), as clients then do. Requests with another
        /// `Host`, none (HTTP/1.0 allows that) or more than one, and absolute-form (proxy-style) targets
        /// naming another host, get 400 without reaching the handler.
        case loopback
        /// Any `Host`, or none: only for a server that stands in for other hosts, such as a test proxy.
        case any
    }
}
