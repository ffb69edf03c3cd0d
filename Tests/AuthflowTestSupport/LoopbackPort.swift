import Foundation

/// Port helpers for tests that need a port nobody listens on.
public enum LoopbackPort {
    /// A 127.0.0.1 port that was free a moment ago: bound to learn it, then closed. Connecting to it is
    /// refused unless something else grabs it in between, which the kernel makes unlikely.
    public static func closed() throws -> UInt16 {
        let socket = try LoopbackSocket.bind()
        close(socket.descriptor)
        return socket.port
    }
}
