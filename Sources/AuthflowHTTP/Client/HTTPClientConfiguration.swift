/// Settings shared by every request a client sends; the defaults suit calls to public HTTPS APIs.
public struct HTTPClientConfiguration: Sendable {
    /// Limit for establishing the connection (DNS, TCP and TLS); failing fast here tells "unreachable" apart.
    public var connectTimeout: Duration
    /// Limit for the whole exchange, including redirects.
    public var totalTimeout: Duration
    /// Largest body accepted; protects memory against a wrong or hostile URL.
    public var maxResponseBytes: Int
    /// Whether redirects are followed; `.doNotFollow` hands back the 3xx with its `location`.
    public var redirects: RedirectPolicy
    /// Proxies; by default read from the environment the way curl reads it.
    public var proxy: ProxyConfiguration
    /// A PEM file of trusted CA certificates, for private CAs and tests. Verification itself is always on.
    public var caBundlePath: String?
    /// Which addresses connections may go to; `.publicOnly` guards against SSRF.
    public var addressPolicy: AddressPolicy
    /// The `User-Agent` header sent with every request.
    public var userAgent: String
    /// Time shared with other requests (a command's): each request is cut to what is left of it, and fails at
    /// once when nothing is. `nil`, each request has ``totalTimeout`` to itself.
    public var budget: RequestBudget?

    /// Settings with safe defaults; change only what the call needs.
    public init(
        connectTimeout: Duration = .seconds(10),
        totalTimeout: Duration = .seconds(30),
        maxResponseBytes: Int = 10 * 1024 * 1024,
        redirects: RedirectPolicy = .follow(maximum: 5),
        proxy: ProxyConfiguration = .fromEnvironment(),
        caBundlePath: String? = nil,
        addressPolicy: AddressPolicy = .any,
        userAgent: String = "authflow/0.1"
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxResponseBytes = maxResponseBytes
        self.redirects = redirects
        self.proxy = proxy
        self.caBundlePath = caBundlePath
        self.addressPolicy = addressPolicy
        self.userAgent = userAgent
    }
}

/// Whether the client follows 3xx responses itself.
public enum RedirectPolicy: Sendable, Hashable {
    /// Follow up to `maximum` redirects; one more fails with a `.transport` error that says so.
    case follow(maximum: Int)
    /// Return the 3xx response so the caller can inspect ``HTTPResponse/location`` and decide each hop.
    case doNotFollow
}

/// Which addresses the client may connect to: a guard against server-side request forgery when URLs come
/// from untrusted input (for example a short link that redirects into the local network).
public enum AddressPolicy: Sendable, Hashable {
    /// No restriction.
    case any
    /// Refuse loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses, checked on
    /// the address actually connected to so DNS answers cannot bypass it. Hosts in `allowedHosts` (lowercase,
    /// without port) are exempt. When a proxy carries the request only literal IP hosts in the URL are checked,
    /// because the connection itself goes to the proxy the user chose.
    case publicOnly(allowedHosts: Set<String>)
}
