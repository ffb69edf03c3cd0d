/// Applies ``AddressPolicy/publicOnly(allowedHosts:)`` to each socket libcurl is about to open.
struct AddressGuard: Sendable {
    let allowedHosts: Set<String>
    /// The proxy settings the transfer was configured with.
    let proxy: ProxyConfiguration
    /// Whether a proxy is set at all; hosts it bypasses are still connected to directly.
    let hasProxy: Bool

    init?(policy: AddressPolicy, proxy: ProxyConfiguration, proxyURL: String?) {
        guard case .publicOnly(let allowedHosts) = policy else { return nil }
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.proxy = proxy
        self.hasProxy = proxyURL != nil
    }

    /// The refused address, or `nil` if connecting to `address` for a request to `host` is allowed.
    func refusal(host: String, address: IPAddress?) -> String? {
        if allowedHosts.contains(host) { return nil }
        if hasProxy, !proxy.bypasses(host: host) {
            // The socket goes to the proxy; only a literal address in the URL itself can be judged.
            guard let literal = IPAddress(literal: host) else { return nil }
            return literal.isPublic ? nil : literal.description
        }
        guard let address else { return "unknown address" }
        return address.isPublic ? nil : address.description
    }
}
