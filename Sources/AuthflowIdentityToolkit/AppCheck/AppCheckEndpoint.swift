import AuthflowPrimitives

/// Where App Check's exchanges go: App Check's own service, `https://content-firebaseappcheck.googleapis.com`,
/// whichever Auth server the other requests go to (the JS SDK's `app-check/src/client.ts` always uses that
/// host), or a base that replaces it, such as a stand-in: `<base>/v1/projects/<id>/apps/<appId>:<method>`.
public struct AppCheckEndpoint: Sendable, Hashable {
    /// `scheme://host[:port][/path]`, without a trailing slash.
    public let base: String
    /// `scheme://host[:port]`, which a page's Content-Security-Policy allows requests to.
    public let origin: String

    /// App Check's own service.
    public static let production = AppCheckEndpoint(
        checkedBase: "https://content-firebaseappcheck.googleapis.com",
        origin: "https://content-firebaseappcheck.googleapis.com")

    private init(checkedBase: String, origin: String) {
        base = checkedBase
        self.origin = origin
    }

    /// The endpoint under `text`: an absolute `http` or `https` URL with a host and no user, query or fragment;
    /// nil for anything else.
    public init?(parsing text: String) {
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }),
            let parts = URLParts(text), parts.scheme == "http" || parts.scheme == "https", !parts.host.isEmpty,
            parts.query == nil, parts.fragment == nil, !text.contains("@")
        else { return nil }
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        self.init(checkedBase: parts.origin + path, origin: parts.origin)
    }
}
