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
    /// The first parameter read here (`deep_link_id`, `eventId`, `authType`, …) that the URL carries more than
    /// once; the fields above hold its first value, as the SDKs read it, but a flow matching the callback to its
    /// attempt refuses it, as a listener refuses a repeated `state`.
    public let repeatedParameter: String?

    /// Parses `url`, or returns `nil` when it is not a Firebase auth callback.
    public init?(url: String) {
        // Read from the bytes (``CallbackFields``); only a callback's fields become `String`s.
        var query = RawQuery()
        var values: [UInt8] = []
        guard let fields = url.withUTF8Buffer({ CallbackFields(url: $0, query: &query, into: &values) }) else {
            return nil
        }
        self.init(fields, values: values, url: url)
    }

    /// Reads `url`, already split into `parts` with its query decoded into `query` (`+` as a space), or returns
    /// `nil` when it is not a Firebase auth callback: a listener's callback (`RedirectCallback`'s `parts` and
    /// `query`), read once there. The URL is not split, nor its query decoded, again: only the callback URL a
    /// custom scheme wraps in `deep_link_id` is read here. It answers as ``init(url:)`` does.
    public init?(url: String, parts: URLParts, query: QueryParameters) {
        var inner = RawQuery()
        var values: [UInt8] = []
        let fields = url.withUTF8Buffer {
            CallbackFields(url: $0, parts: parts, decoded: query, query: &inner, into: &values)
        }
        guard let fields else { return nil }
        self.init(fields, values: values, url: url)
    }

    /// The callback `fields` describe, their decoded values in `values` and the URL read being `url`.
    init(_ fields: CallbackFields, values: [UInt8], url: String) {
        func text(_ range: Range<Int>?) -> String? {
            range.map { range in
                values.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
                }
            }
        }
        if fields.isCustomScheme {
            let scheme = url.withUTF8Buffer {
                URLParts.asciiLowercased(bytes: UnsafeBufferPointer(rebasing: $0[fields.scheme]))
            }
            transport = .customScheme(scheme)
        } else {
            transport = .http
        }
        authType = text(fields.authType)
        eventID = text(fields.eventID)
        recaptchaToken = text(fields.recaptchaToken)
        link = text(fields.link)
        error = text(fields.firebaseError).map(FirebaseCallbackError.init(raw:))
        callbackURL = text(fields.callbackURL) ?? url
        self.url = url
        repeatedParameter = fields.repeatedParameter
    }

    /// Whether a URL's scheme, host and path (UTF-8 bytes, scheme and host in any ASCII case) are a callback's:
    /// an HTTP(S) URL whose path ends in `/__/auth/callback` or whose host is loopback, or a custom-scheme
    /// `firebaseauth` or `google` host with the path `/link`. The one test behind every reading of a callback; it
    /// answers as comparing whole characters would.
    static func hasCallbackShape(
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
