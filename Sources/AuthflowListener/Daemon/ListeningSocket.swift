#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A TCP socket bound to a loopback address and listening. Binding it here, rather than letting
/// libmicrohttpd bind, guarantees the server is never reachable on other interfaces and gives exact errors.
struct ListeningSocket {
    enum Family {
        case ipv4, ipv6

        var address: String { self == .ipv4 ? "127.0.0.1" : "::1" }
    }

    let descriptor: Int32
    let port: UInt16
    let family: Family

    /// Binds `family`'s loopback address on `port` (0 for an ephemeral one); the failure is the `errno`.
    static func open(_ family: Family, port: UInt16) -> Result<ListeningSocket, Errno> {
        let domain = family == .ipv4 ? AF_INET : AF_INET6
        let descriptor = socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(Errno(errno)) }

        var enabled: Int32 = 1
        let optionSize = socklen_t(MemoryLayout<Int32>.size)
        // Lets a restarted server reuse a port whose old connections linger in TIME_WAIT; on Linux it does
        // not allow two sockets to listen on one port, so a busy port still fails.
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enabled, optionSize)
        if family == .ipv6 {
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &enabled, optionSize)
        }

        let bound = family == .ipv4 ? bindIPv4(descriptor, port: port) : bindIPv6(descriptor, port: port)
        guard bound == 0, listen(descriptor, 128) == 0, let actualPort = localPort(descriptor, family: family) else {
            let failure = Errno(errno)
            close(descriptor)
            return .failure(failure)
        }
        return .success(ListeningSocket(descriptor: descriptor, port: actualPort, family: family))
    }

    /// Closes the socket; only for sockets no daemon has taken over.
    func release() {
        _ = close(descriptor)
    }

    private static func bindIPv4(_ descriptor: Int32, port: UInt16) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    private static func bindIPv6(_ descriptor: Int32, port: UInt16) -> Int32 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
    }

    private static func localPort(_ descriptor: Int32, family: Family) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafeBytes(of: storage) { raw in
            family == .ipv4
                ? UInt16(bigEndian: raw.loadUnaligned(as: sockaddr_in.self).sin_port)
                : UInt16(bigEndian: raw.loadUnaligned(as: sockaddr_in6.self).sin6_port)
        }
    }
}

/// A saved `errno` with its system message.
struct Errno: Error, Equatable {
    let code: Int32

    init(_ code: Int32) { self.code = code }

    var message: String { String(cString: strerror(code)) }

    var isAddressInUse: Bool { code == EADDRINUSE }
}
