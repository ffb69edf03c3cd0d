import Foundation

/// A 127.0.0.1 port whose connections are established (the kernel completes the handshake into its accept queue)
/// but never answered: a request sent there is taken and then nothing comes back, as from a stalled server.
public final class StalledServer: Sendable {
    public let port: UInt16
    private let descriptor: Int32

    public init() throws {
        let listening = try LoopbackSocket.bind(listenBacklog: 64)
        port = listening.port
        descriptor = listening.descriptor
    }

    /// `127.0.0.1:port`, as an emulator host.
    public var hostAndPort: String { "127.0.0.1:\(port)" }

    deinit {
        close(descriptor)
    }
}
