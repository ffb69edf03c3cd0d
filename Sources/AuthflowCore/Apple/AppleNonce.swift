import AuthflowPrimitives

/// The nonce of a Sign in with Apple request made outside authflow: Apple receives the SHA-256 of the raw
/// value (as lowercase hex) in its authorization request and puts it into the identity token's `nonce`
/// claim; Firebase receives the raw value and checks the two match.
public struct AppleNonce: Sendable, Equatable {
    /// The value kept secret until `signInWithIdp`.
    public let raw: String

    /// A nonce whose raw value the caller already has.
    public init(raw: String) {
        self.raw = raw
    }

    /// A fresh nonce: 43 characters from RFC 3986's unreserved set (about 250 bits) drawn from the system
    /// CSPRNG, so it needs no escaping in a form body or a URL; the first is a letter or digit, so it can be
    /// passed as a command-line value as it is.
    public static func make() -> AppleNonce {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~".unicodeScalars)
        var text = String.UnicodeScalarView()
        // The first character is a letter or digit, so the nonce never reads as an option (`--nonce -x…`).
        text.append(alphabet[Int.random(in: 0..<62, using: &generator)])
        for _ in 1..<43 {
            text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return AppleNonce(raw: String(text))
    }

    /// What goes into Apple's authorization request: the SHA-256 of ``raw``'s UTF-8 bytes in lowercase hex.
    public var sha256: String { SHA256.hex(raw) }
}
