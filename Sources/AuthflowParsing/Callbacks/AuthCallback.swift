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
        // Most links inspected are no callbacks: their shape is read from the bytes, before any part of the URL
        // becomes a `String`.
        guard url.withUTF8Buffer(Self.hasCallbackShape(url:)), let parts = URLParts(url) else { return nil }
        self.init(url: url, parts: parts)
    }

    /// Reads `url`, already split into `parts` (a listener splits each callback once), or returns `nil` when
    /// it is not a Firebase auth callback.
    public init?(url: String, parts: URLParts) {
        let callbackURL: String
        let shape = parts.scheme.withUTF8Buffer { scheme in
            parts.host.withUTF8Buffer { host in
                parts.path.withUTF8Buffer { path in Self.hasCallbackShape(scheme: scheme, host: host, path: path) }
            }
        }
        guard shape else { return nil }
        if parts.scheme == "http" || parts.scheme == "https" {
            callbackURL = url
            transport = .http
        } else {
            guard !InertScheme.starts(url), let query = parts.query,
                let inner = RawQuery(query[...]).value("deep_link_id", rule: .firstWins, plusAsSpace: true)
            else { return nil }
            callbackURL = inner
            transport = .customScheme(parts.scheme)
        }

        let parameters = RawQuery(url: callbackURL[...])
        // The five parameters found in one pass over the pairs, the first of each name kept (an empty one counts
        // as absent), as `value(_:rule: .firstWins, plusAsSpace: true)` reads each: no name here holds a space,
        // so `+` in a name matches none of them either way.
        var first = [Range<Int>?](repeating: nil, count: Self.parameterNames.count)
        parameters.forEachPair(namedAnyOf: Self.parameterNames) { index, range in
            if first[index] == nil { first[index] = range }
        }
        func value(_ parameter: Parameter) -> String? {
            guard let range = first[parameter.rawValue], !range.isEmpty else { return nil }
            return parameters.withRawBytes(range) { PercentDecoding.decode(bytes: $0, plusAsSpace: true) }
        }
        let error = value(.firebaseError).map(FirebaseCallbackError.init(raw:))
        let recaptchaToken = value(.recaptchaToken)
        let link = value(.link)
        let eventID = value(.eventID)
        // Something only a callback carries must be present; `authType` alone is not enough on a loopback URL.
        guard error != nil || recaptchaToken != nil || link != nil || eventID != nil else { return nil }

        self.authType = value(.authType)
        self.eventID = eventID
        self.recaptchaToken = recaptchaToken
        self.link = link
        self.error = error
        self.callbackURL = callbackURL
        self.url = url
    }

    /// The callback's parameters, by their index in ``parameterNames``.
    private enum Parameter: Int {
        case firebaseError, recaptchaToken, link, eventID, authType
    }

    private static let parameterNames: [StaticString] = [
        "firebaseError", "recaptchaToken", "link", "eventId", "authType",
    ]

    /// ``hasCallbackShape(scheme:host:path:)`` for the UTF-8 bytes of a whole URL (``init(url:)``'s first test;
    /// the batch inspector asks it before making the URL's `String`).
    static func hasCallbackShape(url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let offsets = URLParts.Offsets(url) else { return false }
        var host = 0..<0
        if let authority = offsets.authority {
            let found = URLParts.hostAndPort(ofAuthority: UnsafeBufferPointer(rebasing: url[authority])).0
            host = (authority.lowerBound + found.lowerBound)..<(authority.lowerBound + found.upperBound)
        }
        return hasCallbackShape(
            scheme: UnsafeBufferPointer(rebasing: url[..<offsets.colon]),
            host: UnsafeBufferPointer(rebasing: url[host]),
            path: UnsafeBufferPointer(rebasing: url[offsets.path]))
    }

    /// Whether a URL's scheme, host and path (UTF-8 bytes, scheme and host in any ASCII case) are a callback's:
    /// an HTTP(S) URL whose path ends in `/__/auth/callback` or whose host is loopback, or a custom-scheme
    /// `firebaseauth` or `google` host with the path `/link`. The one test behind both initialisers; it answers
    /// as comparing whole characters would.
    private static func hasCallbackShape(
        scheme: UnsafeBufferPointer<UInt8>, host: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if URLParts.bytes(scheme, equalIgnoringCase: "http") || URLParts.bytes(scheme, equalIgnoringCase: "https") {
            return hasSuffix(path, "/__/auth/callback") || isLoopback(host)
        }
        return
            (URLParts.bytes(host, equalIgnoringCase: "firebaseauth")
            || URLParts.bytes(host, equalIgnoringCase: "google"))
            && (URLParts.bytes(path, equal: "/link") || URLParts.bytes(path, equal: "/link/"))
    }

    static func isLoopback(_ host: String) -> Bool {
        host.withUTF8Buffer(isLoopback)
    }

    /// ``isLoopback(_:)`` over a host's bytes, in any ASCII case.
    private static func isLoopback(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        URLParts.bytes(host, equalIgnoringCase: "localhost") || URLParts.bytes(host, equal: "::1")
            || hasPrefix(host, "127.")
    }

    /// Whether `text` ends with the ASCII `suffix` as whole characters (as `String.hasSuffix` answers): a
    /// non-ASCII byte before it, possibly a character the suffix's first byte belongs to, is left to `String`.
    private static func hasSuffix(_ text: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard text.count >= count else { return false }
        let start = text.count - count
        guard URLParts.bytes(UnsafeBufferPointer(rebasing: text[start...]), equal: suffix) else { return false }
        if start == 0 || text[start - 1] < 0x80 { return true }
        return String(decoding: text, as: UTF8.self).hasSuffix(suffix.description)
    }

    /// Whether `text` starts with the ASCII `prefix` as whole characters (as `String.hasPrefix` answers): a
    /// non-ASCII byte after it, possibly a mark joining its last character, is left to `String`.
    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard text.count >= count else { return false }
        guard URLParts.bytes(UnsafeBufferPointer(rebasing: text[..<count]), equal: prefix) else { return false }
        if text.count == count || text[count] < 0x80 { return true }
        return String(decoding: text, as: UTF8.self).hasPrefix(prefix.description)
    }
}
