extension LoopbackServer {
    /// Which `Host` headers the server answers.
    ///
    /// Any web page can make a browser send requests to a loopback port, and with DNS rebinding (pointing a
    /// name it controls at 127.0.0.1) it can also read the answers. Such requests carry the attacker's name
    /// in `Host`, so checking `Host` keeps them away from the handler.
    public enum HostPolicy: Sendable, Hashable {
        /// Only a loopback name with this server's port: `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT`,
        /// compared case-insensitively (not `NAME.localhost`). The port may be left out only when
        /// it is the scheme's default (80, or 443 with TLS), as clients then do. Requests with another
        /// `Host`, none (HTTP/1.0 allows that) or more than one, and absolute-form (proxy-style) targets
        /// naming another host, get 400 without reaching the handler.
        case loopback
        /// Any `Host`, or none: only for a server that stands in for other hosts, such as a test proxy.
        case any
    }
}
