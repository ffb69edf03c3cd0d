#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An IPv4 or IPv6 address as raw network-order bytes, so ranges can be checked without string tricks.
enum IPAddress: Hashable, CustomStringConvertible {
    case v4([UInt8])
    case v6([UInt8])

    /// Parses a literal such as `10.0.0.1`, `::1` or `[fe80::1%eth0]`; `nil` for host names.
    init?(literal: String) {
        var text = Substring(literal)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        var bytes = [UInt8](repeating: 0, count: 16)
        let string = String(text)
        if bytes.withUnsafeMutableBytes({ inet_pton(AF_INET, string, $0.baseAddress) }) == 1 {
            self = .v4(Array(bytes.prefix(4)))
        } else if bytes.withUnsafeMutableBytes({ inet_pton(AF_INET6, string, $0.baseAddress) }) == 1 {
            self = .v6(bytes)
        } else {
            return nil
        }
    }

    /// Reads a `sockaddr_in` or `sockaddr_in6`; `nil` for other families.
    init?(socketAddress: UnsafeRawPointer, family: Int32) {
        switch family {
        case AF_INET:
            let address = socketAddress.loadUnaligned(as: sockaddr_in.self)
            self = .v4(withUnsafeBytes(of: address.sin_addr) { Array($0) })
        case AF_INET6:
            let address = socketAddress.loadUnaligned(as: sockaddr_in6.self)
            self = .v6(withUnsafeBytes(of: address.sin6_addr) { Array($0) })
        default:
            return nil
        }
    }

    var bytes: [UInt8] {
        switch self {
        case .v4(let bytes), .v6(let bytes): return bytes
        }
    }

    var description: String {
        let family = if case .v4 = self { AF_INET } else { AF_INET6 }
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { source in
            inet_ntop(family, source.baseAddress, &output, socklen_t(output.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the first `prefixLength` bits equal those of `network` (same family only).
    func isInside(_ network: IPAddress, prefixLength: Int) -> Bool {
        let mine = bytes
        let theirs = network.bytes
        guard mine.count == theirs.count, prefixLength >= 0, prefixLength <= mine.count * 8 else { return false }
        var remaining = prefixLength
        for index in mine.indices where remaining > 0 {
            let bits = min(remaining, 8)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if mine[index] & mask != theirs[index] & mask { return false }
            remaining -= bits
        }
        return true
    }
}
