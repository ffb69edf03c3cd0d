extension EmbeddedBackend {
    /// An application restriction on the project's API key, as the Google Cloud console sets it. While one is
    /// set, every REST call (Identity Toolkit and secure token) that does not satisfy it is refused with the
    /// reply Google sends: HTTP 403 `PERMISSION_DENIED`, an `ErrorInfo` detail naming the restriction
    /// (`API_KEY_IOS_APP_BLOCKED`, `API_KEY_ANDROID_APP_BLOCKED`, `API_KEY_HTTP_REFERRER_BLOCKED`) and
    /// "Requests from … are blocked.".
    public enum KeyRestriction: Sendable, Hashable {
        /// iOS apps: `X-Ios-Bundle-Identifier` must be one of these bundle IDs.
        case iosApps(bundleIDs: [String])
        /// Android apps: `X-Android-Package` and `X-Android-Cert` must name one of these.
        case androidApps([AndroidApp])
        /// Websites: `Referer` must match one of these patterns, in which `*` stands for any run of
        /// characters (`https://app.example.com/*`, `*.example.com/*`).
        case websites(referrers: [String])
    }

    /// An Android app an Android-restricted key allows.
    public struct AndroidApp: Sendable, Hashable {
        /// The package name, e.g. `com.example.app`.
        public var package: String
        /// The SHA-1 fingerprint of the signing certificate, hex, with or without colons, any case.
        public var certificateSHA1: String

        /// An allowed app.
        public init(package: String, certificateSHA1: String) {
            self.package = package
            self.certificateSHA1 = certificateSHA1
        }
    }
}
