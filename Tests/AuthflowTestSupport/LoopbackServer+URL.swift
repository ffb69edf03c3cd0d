import AuthflowListener

extension LoopbackServer {
    /// A URL for `path` on this server, e.g. `url("/callback?x=1")` → `http://127.0.0.1:PORT/callback?x=1`.
    /// Use `host: "localhost"` or `"[::1]"` to exercise name resolution or IPv6.
    public func url(_ path: String = "/", host: String = "127.0.0.1", scheme: String = "http") -> String {
        "\(scheme)://\(host):\(port)\(path)"
    }
}
