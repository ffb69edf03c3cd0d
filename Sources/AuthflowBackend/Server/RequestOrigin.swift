import AuthflowListener

/// The web page a request comes from, read from its `Origin` header, which browsers add to every cross-origin
/// request and to every `POST`, `PUT`, `PATCH` and `DELETE`, and which a page cannot set itself.
///
/// A page on this machine's loopback (`http(s)://localhost`, `127.0.0.1` or `[::1]`, any port: a dev server)
/// may use all of the backend; any other page gets only the client API, as the JS SDK uses it, and never the
/// emulator-only API or the admin credential (see ``BackendService`` and ``CORS``). Requests without `Origin`
/// come from programs (curl, the Admin SDK, authflow itself), not from a page's scripts.
enum RequestOrigin: Sendable, Equatable {
    /// No `Origin`: not sent by a web page's script.
    case none
    /// A page served from this machine's loopback.
    case loopback
    /// Any other page, `null` (sandboxed frames, `file:` pages) included, or more than one `Origin`.
    case foreign

    init(_ request: LoopbackRequest) {
        let values = request.headers.filter { $0.name.lowercased() == "origin" }.map(\.value)
        guard let value = values.first else {
            self = .none
            return
        }
        self = values.count == 1 && Self.isLoopback(value) ? .loopback : .foreign
    }

    /// Whether `origin` is `http://` or `https://` and a loopback authority (``LoopbackAuthority``), nothing after.
    static func isLoopback(_ origin: String) -> Bool {
        for scheme in ["http://", "https://"] {
            guard origin.utf8.count > scheme.utf8.count, origin.prefix(scheme.count).lowercased() == scheme else {
                continue
            }
            let authority = origin.dropFirst(scheme.count)
            return !authority.contains("/") && LoopbackAuthority.isLoopback(authority: authority)
        }
        return false
    }
}
