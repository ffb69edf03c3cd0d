import AuthflowPrimitives

/// The result a hosted Firebase page sends back to the app: a reCAPTCHA token, an OAuth response, or an error.
///
/// It arrives either as a custom-scheme URL the desktop hands over,
/// `<scheme>://firebaseauth/link?deep_link_id=<enc(https://<authDomain>/__/auth/callback?…)>`,
/// or as a request to our loopback listener carrying the callback parameters directly. Decoding follows the
/// iOS SDK, which owns this shape: `+` means space and the first duplicate wins.
public struct AuthCallback: Sendable, Hashable {
    /// How the callback reached us.
    public enum Transport: Sendable, Hashable {
        /// A custom-scheme URL; the scheme is lowercased.
        case customScheme(String)
        /// An HTTP(S) URL: a loopback redirect or the `/__/auth/callback` URL itself.
        case http
    }

    /// How the callback reached us.
    public let transport: Transport
    /// `verifyApp` for reCAPTCHA, `signInWithRedirect` (and the other redirect types) for OAuth.
    public let authType: String?
    /// The identifier of the attempt this answers; the flow must match it against its own.
    public let eventID: String?
    /// The reCAPTCHA v2 token, for `verifyApp`.
    public let recaptchaToken: String?
    /// The OAuth response URL, sent on as `requestUri` to `signInWithIdp`.
    public let link: String?
    /// The error the page reported, if any.
    public let error: FirebaseCallbackError?
    /// The URL holding the callback parameters (the decoded `deep_link_id`, or the URL itself).
    public let callbackURL: String
    /// The URL as received.
    public let url: String

    /// Parses `url`, or returns `nil` when it is not a Firebase auth callback.
    public init?(url: String) {
        guard let parts = URLParts(url) else { return nil }
        self.init(url: url, parts: parts)
    }

    /// Reads `url`, already split into `parts` (a listener splits each callback once), or returns `nil` when
    /// it is not a Firebase auth callback.
    public init?(url: String, parts: URLParts) {
        let callbackURL: String
        if parts.scheme == "http" || parts.scheme == "https" {
            guard parts.path.hasSuffix("/__/auth/callback") || Self.isLoopback(parts.host) else { return nil }
            callbackURL = url
            transport = .http
        } else {
            guard !InertScheme.starts(url), parts.host == "firebaseauth" || parts.host == "google",
                parts.path == "/link" || parts.path == "/link/",
                let query = parts.query,
                let inner = RawQuery(query[...]).value("deep_link_id", rule: .firstWins, plusAsSpace: true)
            else { return nil }
            callbackURL = inner
            transport = .customScheme(parts.scheme)
        }

        let parameters = RawQuery(url: callbackURL[...])
        func value(_ name: String) -> String? { parameters.value(name, rule: .firstWins, plusAsSpace: true) }
        let error = value("firebaseError").map(FirebaseCallbackError.init(raw:))
        let recaptchaToken = value("recaptchaToken")
        let link = value("link")
        // Something only a callback carries must be present; `authType` alone is not enough on a loopback URL.
        guard error != nil || recaptchaToken != nil || link != nil || value("eventId") != nil else { return nil }

        self.authType = value("authType")
        self.eventID = value("eventId")
        self.recaptchaToken = recaptchaToken
        self.link = link
        self.error = error
        self.callbackURL = callbackURL
        self.url = url
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
