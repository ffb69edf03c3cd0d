import AuthflowPrimitives

/// A PKCE code verifier (RFC 7636): the secret that ties an authorization code to the program that asked for it.
///
/// The verifier stays with the program; only its S256 ``challenge`` goes to the browser in the authorization
/// request, and the verifier itself goes to the token endpoint with the code (``TokenRequest``). A code taken from
/// the redirect by another program on the machine is useless without it.
public struct CodeVerifier: Sendable, Hashable, CustomStringConvertible {
    /// The only challenge method this type produces: the challenge is the SHA-256 of the verifier, base64url
    /// without padding (RFC 7636 §4.2). The `plain` method is never used.
    public static let challengeMethod = "S256"
    /// The verifier's shortest and longest lengths in characters (RFC 7636 §4.1).
    public static let lengths = 43...128

    /// The verifier: 43 to 128 characters of `A–Z a–z 0–9 - . _ ~`.
    public let value: String

    /// A fresh verifier of `bytes` bytes from the system CSPRNG, base64url without padding: 32 bytes (256 bits,
    /// 43 characters) by default, as RFC 7636 §4.1 recommends; a count outside 32...96 is brought within it, so
    /// the verifier is always 43 to 128 characters long.
    public init(randomBytes bytes: Int = 32) {
        value = RandomToken.make(bytes: min(max(bytes, 32), 96))
    }

    /// A verifier the caller already has (one kept across a restart, or a test vector); nil unless it is 43 to
    /// 128 characters of `A–Z a–z 0–9 - . _ ~`.
    public init?(_ value: String) {
        guard Self.lengths.contains(value.utf8.count), value.utf8.allSatisfy(Self.isVerifierByte) else { return nil }
        self.value = value
    }

    /// The S256 code challenge: `BASE64URL(SHA256(ASCII(verifier)))`, sent as `code_challenge` with
    /// `code_challenge_method=S256`.
    public var challenge: String {
        Base64.encode(SHA256.digest(Array(value.utf8)), alphabet: .url)
    }

    /// The authorization request's two PKCE parameters: `code_challenge` (``challenge``) and
    /// `code_challenge_method` (``challengeMethod``).
    public var challengeParameters: [(name: String, value: String)] {
        [("code_challenge", challenge), ("code_challenge_method", Self.challengeMethod)]
    }

    /// Never the verifier itself: it is a secret until the token exchange.
    public var description: String { "CodeVerifier(\(value.utf8.count) characters)" }

    /// RFC 7636's `unreserved` characters.
    private static func isVerifierByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }
}
