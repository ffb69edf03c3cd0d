import Testing

@testable import AuthflowPrimitives

/// RFC 6238's SHA-1 test vectors (Appendix B), RFC 4648's base32 vectors and RFC 2202's HMAC-SHA-1 vectors:
/// the one TOTP implementation the embedded backend, the demo and the tests all compute codes with.
@Suite("RFC 6238 TOTP, HMAC-SHA-1 and base32")
struct TimeBasedOneTimePasswordTests {
    /// Appendix B's seed for SHA-1: the ASCII digits "12345678901234567890".
    static let seed = Array("12345678901234567890".utf8)

    @Test(
        "RFC 6238 Appendix B: the SHA-1 codes at each test time (8 digits, 30 s)",
        arguments: [
            (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ])
    func rfc6238Vectors(time: Int64, expected: String) throws {
        let generator = try #require(TimeBasedOneTimePassword(secret: Self.seed, digits: 8, period: 30))
        #expect(generator.code(at: time) == expected)
    }

    @Test("Six digits are the last six of the eight; steps are 30 seconds wide")
    func sixDigitsAndSteps() throws {
        let generator = try #require(TimeBasedOneTimePassword(secret: Self.seed))
        #expect(generator.code(at: 59) == "287082")
        #expect(generator.step(at: 59) == 1)
        #expect(generator.step(at: 60) == 2)
        #expect(generator.code(at: 30) == generator.code(at: 59))
        #expect(generator.code(at: 60) != generator.code(at: 59))
        #expect(TimeBasedOneTimePassword(secret: Self.seed, digits: 0) == nil)
        #expect(TimeBasedOneTimePassword(secret: [], digits: 6) == nil)
    }

    @Test("RFC 2202 HMAC-SHA-1 and FIPS 180 SHA-1 vectors")
    func hmacVectors() {
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined()
        }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex(SHA1.hmac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            hex(SHA1.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(
            hex(
                SHA1.hmac(
                    key: [UInt8](repeating: 0xaa, count: 80),
                    message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
    }

    @Test("RFC 4648 base32 vectors, without padding; typing noise is ignored; foreign characters are refused")
    func base32() {
        let vectors = [
            ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"),
            ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI"),
        ]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base32.decode("mzxw 6ytb-oi======") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW1") == nil)
        #expect(TimeBasedOneTimePassword(base32Secret: Base32.encode(Self.seed))?.code(at: 59) == "287082")
    }
}
