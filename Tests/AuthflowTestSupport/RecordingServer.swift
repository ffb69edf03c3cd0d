import AuthflowListener

/// A loopback server that keeps every request that reached it, for tests asserting what did (or did not)
/// get through: proxies, blocked addresses, cancelled requests, redirect hops.
public final class RecordingServer: Sendable {
    /// The running server; stopped by ``stop()`` or when this object goes away.
    public let server: LoopbackServer
    private let recorder = Recorder<LoopbackRequest>()

    /// Starts a server that records each request, then answers with `reply`.
    public init(
        configuration: LoopbackServer.Configuration = .init(),
        reply: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
    ) throws {
        let recorder = self.recorder
        server = try LoopbackServer(configuration: configuration) { request in
            recorder.append(request)
            return reply(request)
        }
    }

    /// Starts a server that records each request and answers `text` with status 200.
    public convenience init(replying text: String) throws {
        try self.init { _ in .text(text) }
    }

    /// A recording server standing in for a forward proxy: requests name other hosts in their target and
    /// `Host`, so it answers any Host (``AuthflowListener/LoopbackServer/HostPolicy/any``).
    public static func forwardProxy(
        reply: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
    ) throws -> RecordingServer {
        try RecordingServer(configuration: .init(hostPolicy: .any), reply: reply)
    }

    /// Every request received so far, in order.
    public var requests: [LoopbackRequest] { recorder.values }
    /// The request targets received so far, in order.
    public var targets: [String] { requests.map(\.target) }
    /// The port on both loopback addresses.
    public var port: UInt16 { server.port }

    /// A URL on this server; see ``AuthflowListener/LoopbackServer/url(_:host:scheme:)``.
    public func url(_ path: String = "/", host: String = "127.0.0.1", scheme: String = "http") -> String {
        server.url(path, host: host, scheme: scheme)
    }

    /// Stops the server and frees its port.
    public func stop() {
        server.stop()
    }
}
