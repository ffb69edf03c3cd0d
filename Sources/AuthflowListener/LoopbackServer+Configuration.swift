extension LoopbackServer {
    /// How the server listens. The defaults suit a one-shot OAuth-style callback listener.
    public struct Configuration: Sendable {
        /// The port on both loopback addresses; 0 lets the system pick a free one (see ``LoopbackServer/port``).
        public var port: UInt16
        /// Larger request bodies get 413 without reaching the handler, so a stray client cannot exhaust memory.
        public var maxBodyBytes: Int
        /// Idle connections are closed after this long (rounded up to whole seconds).
        public var connectionTimeout: Duration
        /// Serve HTTPS with this identity instead of plain HTTP.
        public var tls: TLSIdentity?
        /// Connections beyond this many, per address family, are refused.
        public var maxConnections: Int

        /// Defaults suit a one-shot callback listener on an ephemeral port.
        public init(
            port: UInt16 = 0,
            maxBodyBytes: Int = 64 * 1024,
            connectionTimeout: Duration = .seconds(10),
            tls: TLSIdentity? = nil,
            maxConnections: Int = 256
        ) {
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.connectionTimeout = connectionTimeout
            self.tls = tls
            self.maxConnections = maxConnections
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
