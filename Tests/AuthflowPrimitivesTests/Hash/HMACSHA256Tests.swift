import AuthflowPrimitives
import Testing

/// RFC 4231's HMAC-SHA-256 vectors: the MAC a listener proves itself to `handle-url` with.
@Suite("RFC 4231 HMAC-SHA-256")
struct HMACSHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(
        "Test cases 1, 2 and 6 (a key longer than the block is hashed first)",
        arguments: [
            (
                [UInt8](repeating: 0x0B, count: 20), "Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), "what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ])
    func vectors(key: [UInt8], message: String, expected: String) {
        #expect(Self.hex(SHA256.hmac(key: key, message: Array(message.utf8))) == expected)
    }
}
