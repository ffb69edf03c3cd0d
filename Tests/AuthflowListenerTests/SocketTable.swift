import Foundation

/// Reads the kernel's view of listening TCP sockets and this machine's interface addresses.
enum SocketTable {
    struct Unavailable: Error {}

    /// Local addresses of sockets in LISTEN state on `port`, from /proc/net/tcp and /proc/net/tcp6.
    static func listeningAddresses(port: UInt16) throws -> [String] {
        var found: [String] = []
        for (file, family) in [("/proc/net/tcp", AF_INET), ("/proc/net/tcp6", AF_INET6)] {
            // Read to the end: /proc files report size 0, and a one-shot read stops after the first page.
            guard let handle = FileHandle(forReadingAtPath: file), let data = try? handle.readToEnd(),
                let table = String(data: data, encoding: .utf8)
            else { throw Unavailable() }
            try? handle.close()
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A" else { continue } // 0A = LISTEN
                let local = fields[1].split(separator: ":")
                guard local.count == 2, UInt16(local[1], radix: 16) == port else { continue }
                found.append(address(hex: String(local[0]), family: family))
            }
        }
        return found
    }

    /// Addresses of this machine's interfaces other than loopback, from getifaddrs.
    static func nonLoopbackInterfaceAddresses() -> Set<String> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var result: Set<String> = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let bare = text.split(separator: "%").first.map(String.init) ?? text
            if bare != "127.0.0.1", bare != "::1" { result.insert(bare) }
        }
        return result
    }

    /// /proc prints addresses as 32-bit words in host byte order.
    private static func address(hex: String, family: Int32) -> String {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 8, limitedBy: hex.endIndex) ?? hex.endIndex
            let word = UInt32(hex[index..<next], radix: 16) ?? 0
            bytes += withUnsafeBytes(of: word) { Array($0) } // native order, as the kernel printed it
            index = next
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
