import Foundation
import Synchronization

/// Another program on a port a flow used to hold: a plain socket server on 127.0.0.1 that records every byte it
/// is sent and answers each request head with `HTTP/1.1 204` and nothing else, as a server that takes anything
/// would. For handoff tests: what reaches it is what `handle-url` gave away.
public final class PortSquatter: Sendable {
    public let port: UInt16
    private let descriptor: Int32
    private let received = Mutex<[UInt8]>([])
    private let stopping = Atomic<Bool>(false)

    /// Listens on `port` and serves connections one at a time on a thread of its own until ``stop()``.
    public init(port: UInt16) throws {
        let socket = try LoopbackSocket.bind(port: port, listenBacklog: 16)
        self.port = socket.port
        self.descriptor = socket.descriptor
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops accepting and frees the port (a connection being served ends within a second).
    public func stop() {
        guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    /// Everything received so far, as text (invalid UTF-8 replaced).
    public var receivedText: String {
        received.withLock { String(decoding: $0, as: UTF8.self) }
    }

    /// How many connections it accepted.
    public var connections: Int { accepted.withLock { $0 } }
    private let accepted = Mutex(0)

    private func serve() {
        while !stopping.load(ordering: .sequentiallyConsistent) {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return }
            accepted.withLock { $0 += 1 }
            var limit = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            // Each request head gets the reply; whatever follows it is recorded too, until the client hangs up or
            // sends nothing for a second.
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                received.withLock { $0 += buffer[..<count] }
                pending += buffer[..<count]
                while let end = Self.headEnd(in: pending) {
                    pending.removeSubrange(..<(end + 4))
                    let reply = Array("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n".utf8)
                    _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            }
            close(connection)
        }
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }
    }
}
