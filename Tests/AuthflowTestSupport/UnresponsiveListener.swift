import Foundation

/// A 127.0.0.1 port where TCP connections hang instead of being refused: it listens with a zero backlog
/// that is already full and never accepts, so the kernel drops further handshakes. For connect-timeout tests.
public final class UnresponsiveListener: Sendable {
    public let port: UInt16
    private let descriptors: [Int32]

    public init() throws {
        let listening = try LoopbackSocket.bind(listenBacklog: 0)
        var address = listening.address
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var descriptors = [listening.descriptor]
        // Fill the accept queue; these connects complete or stay pending, either is fine.
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard filler >= 0 else { continue }
            descriptors.append(filler)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
            }
        }
        usleep(100_000)
        self.port = listening.port
        self.descriptors = descriptors
    }

    deinit {
        descriptors.forEach { close($0) }
    }
}
