import Foundation

/// A 127.0.0.1 port that refuses connections for as long as this object is held.
///
/// The socket is bound but never listens, and has no SO_REUSEADDR, so the kernel neither hands the port to
/// another test's port-0 server nor lets one bind it; a connection gets a reset, which is "refused".
/// Binding and closing at once would free the port for exactly those concurrent servers.
public final class ClosedPort: Sendable {
    /// The reserved port.
    public let port: UInt16
    private let descriptor: Int32

    public init() throws {
        let socket = try LoopbackSocket.bind()
        descriptor = socket.descriptor
        port = socket.port
    }

    deinit {
        close(descriptor)
    }
}
