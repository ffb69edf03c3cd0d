/// Everything a request needs besides its own fields: which backend, which project key, and the headers the
/// Firebase SDKs send.
public struct IdentityToolkitConfiguration: Sendable {
    /// The Web API key; sent as `?key=` on every URL, never in a header.
    public var apiKey: String
    /// Production Google endpoints or an Auth Emulator.
    public var server: AuthServer
    /// The Identity Platform tenant, added to every request that accepts `tenantId` unless the request
    /// names one itself.
    public var tenantID: String?
    /// The Firebase app ID (`1:…:web:…`), sent as `X-Firebase-GMPID` (the iOS SDK's spelling).
    public var appID: String?
    /// The language for emails and SMS, e.g. `fr`; sent as `X-Firebase-Locale`.
    public var locale: String?
    /// The `X-Client-Version` header; see ``clientVersion(authflowVersion:)`` for the format.
    public var clientVersion: String
    /// The iOS bundle ID to claim in `X-Ios-Bundle-Identifier`, for API keys restricted to an iOS app.
    public var iosBundleID: String?
    /// How reads and token refreshes are retried after transient failures.
    public var retry: RetryPolicy
    /// The Android package name to claim in `X-Android-Package`, for API keys restricted to Android apps.
    public var androidPackage: String?
    /// The SHA-1 fingerprint of the Android app's signing certificate, sent as `X-Android-Cert` in the Android
    /// SDK's form: 40 upper-case hex digits, no separators. Sent only with ``androidPackage``.
    public var androidCertificateSHA1: String?
    /// The page URL to send as `Referer`, for API keys restricted to websites.
    public var referrer: String?
    /// The `Accept-Language` value: the language the person reads, as the iOS SDK sends the app's preferred
    /// localization.
    public var acceptLanguage: String?
    /// Where App Check's exchanges go; nil is App Check's own service (``AppCheckEndpoint/production``),
    /// against an emulator too.
    public var appCheckEndpoint: AppCheckEndpoint?
    /// The URL scheme used for production hosts. Only tests change it, so requests can be sent through a
    /// plain-HTTP recording proxy while keeping the production host and path layout.
    package var productionScheme = "https"

    /// A configuration for `apiKey`; `authflowVersion` goes into `X-Client-Version`.
    public init(
        apiKey: String,
        server: AuthServer = .production,
        authflowVersion: String,
        tenantID: String? = nil,
        appID: String? = nil,
        locale: String? = nil,
        iosBundleID: String? = nil,
        retry: RetryPolicy = .default
    ) {
        self.apiKey = apiKey
        self.server = server
        self.tenantID = tenantID
        self.appID = appID
        self.locale = locale
        self.clientVersion = Self.clientVersion(authflowVersion: authflowVersion)
        self.iosBundleID = iosBundleID
        self.retry = retry
    }

    /// The `X-Client-Version` value, `Linux/Authflow/<version>/FirebaseCore-Linux`.
    ///
    /// It follows the SDKs' `<platform>/<implementation>/<version>/<frameworks>` shape (iOS sends
    /// `iOS/FirebaseSDK/<v>/FirebaseCore-iOS`, the web SDK `Browser/JsCore/<v>/FirebaseCore-web`), so
    /// Firebase's usage reports can tell this client apart instead of counting it as one of theirs.
    public static func clientVersion(authflowVersion: String) -> String {
        "Linux/Authflow/\(authflowVersion)/FirebaseCore-Linux"
    }
}
