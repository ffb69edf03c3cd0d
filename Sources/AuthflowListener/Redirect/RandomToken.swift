import AuthflowPrimitives

/// Unguessable values for `state`, event IDs and handoff secrets.
public enum RandomToken {
    /// `bytes` bytes from the system CSPRNG (`getrandom`), base64url without padding. The default, 32 bytes,
    /// is 256 bits; fewer than 16 (128 bits) are never produced.
    public static func make(bytes: Int = 32) -> String {
        let count = max(bytes, 16)
        var random = [UInt8](repeating: 0, count: count)
        // Eight bytes per draw from the system CSPRNG: drawn as UInt8s, each byte cost a getrandom call of its own
        // (strace: 32 per token, two tokens before `authflow listen` is ready).
        random.withUnsafeMutableBytes { buffer in
            var generator = SystemRandomNumberGenerator()
            var offset = 0
            while offset < count {
                let word = generator.next()
                withUnsafeBytes(of: word) { wordBytes in
                    let taken = min(wordBytes.count, count - offset)
                    buffer[offset..<offset + taken].copyBytes(from: wordBytes.prefix(taken))
                    offset += taken
                }
            }
        }
        return Base64.encode(random, alphabet: .url)
    }
}
