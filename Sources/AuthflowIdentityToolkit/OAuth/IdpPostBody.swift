import Foundation

/// Builds `signInWithIdp`'s `postBody`: provider credentials as `application/x-www-form-urlencoded` text.
///
/// Every name and value is percent-encoded except RFC 3986's unreserved characters. iOS sends the values raw
/// and relies on the server tolerating it, but a nonce containing `&`, `=` or `+`, or the `user` JSON, would
/// then be split or turned into spaces by a form decoder; the web SDK encodes, and so does this.
public enum IdpPostBody {
    /// The name of a Sign in with Apple user, which Apple sends only on the first authorization.
    public struct PersonName: Sendable, Hashable, Encodable {
        /// The given name.
        public var firstName: String?
        /// The family name.
        public var lastName: String?

        /// A name; either part may be missing.
        public init(firstName: String? = nil, lastName: String? = nil) {
            self.firstName = firstName
            self.lastName = lastName
        }
    }

    /// `providerId=apple.com&id_token=<JWT>&nonce=<raw nonce>[&user={"name":{…}}]`: Apple's identity token, the
    /// raw nonce whose SHA-256 Apple received, and the name when known.
    public static func apple(idToken: String, rawNonce: String?, name: PersonName? = nil) -> String {
        var items = [QueryItem(name: "providerId", value: "apple.com"), QueryItem(name: "id_token", value: idToken)]
        if let rawNonce { items.append(QueryItem(name: "nonce", value: rawNonce)) }
        if let name, name.firstName != nil || name.lastName != nil, let json = userJSON(name) {
            items.append(QueryItem(name: "user", value: json))
        }
        return form(items)
    }

    /// `providerId=<id>` plus any credential fields (`id_token`, `access_token`, `oauth_token_secret`, `nonce`,
    /// `identifier`), in the order given.
    public static func oauth(providerId: String, fields: [QueryItem] = []) -> String {
        form([QueryItem(name: "providerId", value: providerId)] + fields)
    }

    /// Any pairs, form-encoded.
    public static func form(_ items: [QueryItem]) -> String {
        items.formEncoded
    }

    /// `{"name":{"firstName":…,"lastName":…}}`, the shape Apple posts and iOS forwards.
    private static func userJSON(_ name: PersonName) -> String? {
        struct User: Encodable { let name: PersonName }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(User(name: name))).map { String(decoding: $0, as: UTF8.self) }
    }
}
