import AuthflowPrimitives

/// Where the web route's page loads the modular Firebase JS SDK from: Google's CDN at a pinned version, or
/// another base the caller names explicitly (a mirror, a local copy, or the stand-in an embedded backend
/// serves for offline tests). The base holds `firebase-app.js` and `firebase-auth.js`, as the CDN does.
public struct FirebaseWebSDK: Sendable, Equatable {
    /// The SDK version the page pins on Google's CDN.
    public static let pinnedVersion = "12.19.0"
    /// `https://www.gstatic.com/firebasejs/<pinned version>`.
    public static let google = FirebaseWebSDK(
        checkedBase: "https://www.gstatic.com/firebasejs/\(pinnedVersion)", origin: "https://www.gstatic.com")

    /// The base address, without a trailing slash.
    public let base: String
    /// Its origin, which the page's Content-Security-Policy allows scripts from.
    public let origin: String

    private init(checkedBase: String, origin: String) {
        base = checkedBase
        self.origin = origin
    }

    private init(base parts: URLParts) {
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        base = parts.origin + path
        origin = parts.origin
    }

    /// The SDK under `base` (`http` or `https`, no query or fragment); nil when it is not such an address.
    public init?(base text: String) {
        guard let parts = URLParts(text), parts.scheme == "https" || parts.scheme == "http",
            !parts.host.isEmpty, parts.query == nil, parts.fragment == nil
        else { return nil }
        self.init(base: parts)
    }

    /// The `firebase/app` module.
    public var appModule: String { base + "/firebase-app.js" }
    /// The `firebase/auth` module.
    public var authModule: String { base + "/firebase-auth.js" }
    /// The `firebase/app-check` module.
    public var appCheckModule: String { base + "/firebase-app-check.js" }
}
