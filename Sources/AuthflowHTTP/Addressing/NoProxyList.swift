/// The hosts that bypass a proxy, matched with the rules curl applies to `no_proxy`, so a value copied from a
/// shell behaves here as it does for curl.
struct NoProxyList: Sendable {
    private let entries: [String]

    init(_ entries: [String]) {
        self.entries = entries
    }

    /// Splits a `no_proxy` value at commas and whitespace.
    static func entries(from value: String) -> [String] {
        value.split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
    }

    /// Whether `host` (lowercased, without port) goes direct.
    func matches(host rawHost: String) -> Bool {
        let host = Self.trimmed(rawHost)
        let address = IPAddress(literal: host)
        for entry in entries {
            if entry == "*" { return true }
            if let address {
                if Self.matches(address: address, entry: entry) { return true }
            } else if Self.matches(name: host, entry: entry) {
                return true
            }
        }
        return false
    }

    /// Exact name, or a subdomain of it; a leading dot on the entry is ignored.
    private static func matches(name: String, entry: String) -> Bool {
        var token = Substring(trimmed(entry))
        while token.hasPrefix(".") { token = token.dropFirst() }
        guard !token.isEmpty else { return false }
        let name = name.lowercased()
        let suffix = token.lowercased()
        return name == suffix || name.hasSuffix("." + suffix)
    }

    /// An address, or a CIDR range written `address/bits`, of the same family.
    private static func matches(address: IPAddress, entry: String) -> Bool {
        let parts = trimmed(entry).split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let network = IPAddress(literal: String(first)) else { return false }
        let fullLength = network.bytes.count * 8
        var prefix = fullLength
        if parts.count == 2 {
            guard let bits = Int(parts[1]), bits >= 0, bits <= fullLength else { return false }
            prefix = bits
        }
        return address.isInside(network, prefixLength: prefix)
    }

    private static func trimmed(_ value: String) -> String {
        var text = Substring(value)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<close]
        }
        while text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}
