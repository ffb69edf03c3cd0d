import Foundation

/// A 127.0.0.1 port where TCP connections hang instead of being refused: it listens with a zero backlog
/// that is already full and never accepts, so the kernel drops further handshakes. For connect-timeout tests.
public final class UnresponsiveListener: Sendable {
    public let port: UInt16
    private let descriptors: [Int32]

    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Subprocess.Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 0) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard ready else {
            close(listener)
            throw Subprocess.Failure(description: "bind/listen failed: \(String(cString: strerror(errno)))")
        }
        var descriptors = [listener]
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
        self.port = UInt16(bigEndian: address.sin_port)
        self.descriptors = descriptors
    }

    deinit {
        descriptors.forEach { close($0) }
    }
}
