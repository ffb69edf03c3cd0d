/// Ranges that must never be reached from a URL taken from outside (RFC 6890 special-purpose registries).
extension IPAddress {
    /// Whether the address is on this machine (127.0.0.0/8, ::1, or their IPv4-mapped forms).
    var isLoopback: Bool {
        switch self {
        case .v4(let bytes):
            return bytes[0] == 127
        case .v6:
            if self == IPAddress.v6([UInt8](repeating: 0, count: 15) + [1]) { return true }
            return embeddedIPv4?.isLoopback ?? false
        }
    }

    /// Whether the address is a globally routable unicast address, after unwrapping IPv4 embedded in IPv6.
    var isPublic: Bool {
        switch self {
        case .v4:
            return !Self.blockedIPv4.contains { isInside($0.network, prefixLength: $0.prefix) }
        case .v6:
            if let embedded = embeddedIPv4 { return embedded.isPublic }
            guard isInside(Self.globalUnicast, prefixLength: 3) else { return false }
            return !Self.blockedIPv6.contains { isInside($0.network, prefixLength: $0.prefix) }
        }
    }

    /// The IPv4 address carried by IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms.
    private var embeddedIPv4: IPAddress? {
        guard case .v6(let bytes) = self else { return nil }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return .v4(Array(bytes[12...]))
        }
        if bytes.prefix(12).allSatisfy({ $0 == 0 }) { return .v4(Array(bytes[12...])) }
        if isInside(Self.nat64, prefixLength: 96) { return .v4(Array(bytes[12...])) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return .v4(Array(bytes[2..<6])) }
        return nil
    }

    private static func ipv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> IPAddress { .v4([a, b, c, d]) }

    private static func ipv6(_ groups: [UInt16]) -> IPAddress {
        let padded = groups + [UInt16](repeating: 0, count: max(0, 8 - groups.count))
        return .v6(padded.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    private static let blockedIPv4: [(network: IPAddress, prefix: Int)] = [
        (ipv4(0, 0, 0, 0), 8), // "this network"
        (ipv4(10, 0, 0, 0), 8), // private
        (ipv4(100, 64, 0, 0), 10), // carrier-grade NAT
        (ipv4(127, 0, 0, 0), 8), // loopback
        (ipv4(169, 254, 0, 0), 16), // link-local, including cloud metadata services
        (ipv4(172, 16, 0, 0), 12), // private
        (ipv4(192, 0, 0, 0), 24), // IETF protocol assignments
        (ipv4(192, 0, 2, 0), 24), // documentation
        (ipv4(192, 88, 99, 0), 24), // 6to4 relay anycast
        (ipv4(192, 168, 0, 0), 16), // private
        (ipv4(198, 18, 0, 0), 15), // benchmarking
        (ipv4(198, 51, 100, 0), 24), // documentation
        (ipv4(203, 0, 113, 0), 24), // documentation
        (ipv4(224, 0, 0, 0), 4), // multicast
        (ipv4(240, 0, 0, 0), 4), // reserved and broadcast
    ]

    private static let globalUnicast = ipv6([0x2000])
    private static let nat64 = ipv6([0x0064, 0xFF9B])

    private static let blockedIPv6: [(network: IPAddress, prefix: Int)] = [
        (ipv6([0x2001, 0x0DB8]), 32), // documentation
        (ipv6([0x2001, 0x0010]), 28), // ORCHID
        (ipv6([0x2001, 0x0000]), 32), // Teredo: hides an IPv4 address
    ]
}
