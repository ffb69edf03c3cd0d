import AuthflowPrimitives

/// How a waiting listener proves to `authflow handle-url` that it is the flow a rendezvous file names, before
/// anything secret reaches it.
///
/// A rendezvous file names a port and a process, and both outlive the flow: after a `kill -9` another program may
/// take the port, and another process the pid. So the sender first sends a fresh ``challenge()`` alone to
/// ``HandoffEndpoint/proofPath``, and the listener answers with the ``answer(to:key:)`` made with the proof key that
/// only it and its rendezvous file (0600) hold. Only when the answer ``verify(_:challenge:key:)``s does the sender
/// send the URL and the handoff secret, on the same connection, so whoever proved is whoever receives them.
public enum HandoffProof {
    /// Challenges longer than this are refused: the sender's are 43 characters.
    public static let maximumChallengeBytes = 256

    /// A fresh challenge: 32 bytes from the system CSPRNG, base64url.
    public static func challenge() -> String {
        RandomToken.make()
    }

    /// The answer to `challenge` under `key`: HMAC-SHA-256 of the challenge, with a label that keeps it from
    /// serving any other purpose, under the key's UTF-8 bytes, base64url without padding.
    public static func answer(to challenge: String, key: String) -> String {
        let mac = SHA256.hmac(key: Array(key.utf8), message: Array(("authflow handoff proof\n" + challenge).utf8))
        return Base64.encode(mac, alphabet: .url)
    }

    /// Whether `answer` is the answer to `challenge` under `key`, compared in constant time.
    public static func verify(_ answer: String, challenge: String, key: String) -> Bool {
        ConstantTime.equal(answer, Self.answer(to: challenge, key: key))
    }
}
