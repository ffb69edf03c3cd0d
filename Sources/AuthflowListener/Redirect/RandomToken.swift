import AuthflowPrimitives

/// Unguessable values for `state`, event IDs and handoff secrets.
public enum RandomToken {
    /// `bytes` bytes from the system CSPRNG (`getrandom`), base64url without padding. The default, 32 bytes,
    /// is 256 bits; fewer than 16 (128 bits) are never produced.
    public static func make(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64.encode(
            (0..<max(bytes, 16)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, alphabet: .url
        )
    }
}
