import AuthflowPrimitives
import Foundation

/// Which proxy each request uses. Resolved here rather than by libcurl so the choice is explicit, testable,
/// and never read from the environment behind the caller's back.
public struct ProxyConfiguration: Sendable, Hashable {
    /// Proxy URL for `http://` requests; `nil` goes direct.
    public var httpProxy: String?
    /// Proxy URL for `https://` requests; `nil` goes direct.
    public var httpsProxy: String?
    /// Hosts that go direct: names match themselves and their subdomains, IPs may be CIDR ranges, `*` matches all.
    public var noProxy: [String]

    /// Explicit proxies; prefer ``fromEnvironment(_:)`` to honour the user's settings.
    public init(httpProxy: String? = nil, httpsProxy: String? = nil, noProxy: [String] = []) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.noProxy = noProxy
    }

    /// Every request goes direct.
    public static let none = ProxyConfiguration()

    /// Reads proxies the way curl does, so behaviour matches what users already configured for curl:
    /// only lowercase `http_proxy` for http (an uppercase `HTTP_PROXY` can be injected by CGI, "httpoxy"),
    /// `https_proxy` then `HTTPS_PROXY` for https, `all_proxy` then `ALL_PROXY` as the fallback, and
    /// `no_proxy` then `NO_PROXY`. A variable that is set but empty means "no proxy" and stops the fallback.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessEnvironment.current()
    ) -> ProxyConfiguration {
        let fallback = environment["all_proxy"] ?? environment["ALL_PROXY"]
        let http = environment["http_proxy"] ?? fallback
        let https = environment["https_proxy"] ?? environment["HTTPS_PROXY"] ?? fallback
        let noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        return ProxyConfiguration(
            httpProxy: http.flatMap { $0.isEmpty ? nil : $0 },
            httpsProxy: https.flatMap { $0.isEmpty ? nil : $0 },
            noProxy: NoProxyList.entries(from: noProxy)
        )
    }

    /// The proxy for `url`, or `nil` to connect directly. Loopback hosts always go direct, because local
    /// servers such as the Firebase Auth emulator are never behind the user's proxy.
    public func proxy(for url: String) -> String? {
        guard let parsed = CurlURL.parse(url) else { return nil }
        return proxy(scheme: parsed.scheme, host: parsed.host)
    }

    func proxy(scheme: String, host: String) -> String? {
        if bypasses(host: host) { return nil }
        let chosen: String?
        switch scheme.lowercased() {
        case "http": chosen = httpProxy
        case "https": chosen = httpsProxy
        default: chosen = nil
        }
        guard let chosen, !chosen.isEmpty else { return nil }
        return chosen
    }

    /// Whether requests to `host` go direct whatever proxy is set.
    func bypasses(host: String) -> Bool {
        Self.isLoopback(host: host) || NoProxyList(noProxy).matches(host: host)
    }

    /// The bypass list handed to libcurl, which applies it again to each redirect target.
    var curlNoProxy: String {
        (noProxy + ["localhost", "127.0.0.0/8", "::1"]).joined(separator: ",")
    }

    static func isLoopback(host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        return IPAddress(literal: name)?.isLoopback ?? false
    }
}
