import Foundation

/// A TCP socket bound to 127.0.0.1 on a port the kernel picks, for tests that need raw socket behaviour.
public struct LoopbackSocket {
    let descriptor: Int32
    /// The bound address, port included (network byte order in `sin_port`).
    var address: sockaddr_in

    var port: UInt16 { UInt16(bigEndian: address.sin_port) }

    /// Whether 127.0.0.1:`port` can be bound now, without `SO_REUSEADDR`: a socket still holding it would refuse.
    public static func isFree(port: UInt16) -> Bool {
        guard let socket = try? bind(port: port, reuseAddress: false) else { return false }
        close(socket.descriptor)
        return true
    }

    /// Binds a new socket (to `port`, with `SO_REUSEADDR` unless told otherwise, when one is given), and listens
    /// with `backlog` when one is given. The caller owns the descriptor.
    static func bind(
        port: UInt16 = 0, listenBacklog backlog: Int32? = nil, reuseAddress: Bool = true
    ) throws
        -> LoopbackSocket
    {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket") }
        var reuse: Int32 = 1
        if port != 0, reuseAddress {
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(descriptor, pointer, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard ready else {
            let error = failure(backlog == nil ? "bind" : "bind/listen")
            close(descriptor)
            throw error
        }
        return LoopbackSocket(descriptor: descriptor, address: address)
    }

    private static func failure(_ call: String) -> Subprocess.Failure {
        Subprocess.Failure(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
