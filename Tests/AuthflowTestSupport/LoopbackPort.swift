import Foundation

/// Port helpers for tests that need a port nobody listens on.
public enum LoopbackPort {
    /// A 127.0.0.1 port that was free a moment ago: bound to learn it, then closed. Connecting to it is
    /// refused unless something else grabs it in between, which the kernel makes unlikely.
    public static func closed() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw failure("bind") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func failure(_ call: String) -> Subprocess.Failure {
        Subprocess.Failure(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
