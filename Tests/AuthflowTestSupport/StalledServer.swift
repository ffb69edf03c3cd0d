import Foundation
import Synchronization

/// A 127.0.0.1 port that takes every connection and never answers, as a stalled server does. It counts the
/// connections it took, so a test can tell how many requests a command started.
public final class StalledServer: Sendable {
    public let port: UInt16
    private let descriptor: Int32
    private let taken = Connections()

    public init() throws {
        let listening = try LoopbackSocket.bind(listenBacklog: 64)
        port = listening.port
        descriptor = listening.descriptor
        let descriptor = descriptor
        let taken = taken
        Thread {
            // Ends when the listening socket is shut down.
            while true {
                let connection = accept(descriptor, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                taken.list.withLock { $0.append(connection) }
            }
        }.start()
    }

    /// `127.0.0.1:port`, as an emulator host.
    public var hostAndPort: String { "127.0.0.1:\(port)" }

    /// How many connections were made so far.
    public var connections: Int { taken.list.withLock { $0.count } }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        for connection in taken.list.withLock({ $0 }) { close(connection) }
    }
}

/// The connections a ``StalledServer`` took, shared with its accepting thread.
private final class Connections: Sendable {
    let list = Mutex<[Int32]>([])
}
