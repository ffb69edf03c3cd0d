import AuthflowListener
import AuthflowPrimitives
import Testing

@Suite("PKCE code verifier (RFC 7636)")
struct CodeVerifierTests {
    @Test("The S256 challenge of RFC 7636 Appendix B's verifier is the RFC's")
    func appendixB() throws {
        // The verifier is the base64url of the appendix's 32 random octets, as a fresh one is made.
        let octets: [UInt8] = [
            116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191,
            240, 91, 88, 5, 88, 83, 132, 141, 121,
        ]
        let verifier = try #require(CodeVerifier(Base64.encode(octets, alphabet: .url)))

        #expect(verifier.value == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")

        #expect(verifier.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(CodeVerifier.challengeMethod == "S256")
    }

    @Test("A fresh verifier is 43 to 128 unreserved characters, and a new one each time")
    func fresh() {
        let verifiers = [CodeVerifier(), CodeVerifier(), CodeVerifier(randomBytes: 1), CodeVerifier(randomBytes: 500)]
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

        #expect(verifiers.map(\.value.count) == [43, 43, 43, 128])
        #expect(verifiers.allSatisfy { $0.value.allSatisfy(unreserved.contains) })
        #expect(verifiers[0] != verifiers[1])
        #expect(!"\(verifiers[0])".contains(verifiers[0].value), "the description keeps the secret out of logs")
    }

    @Test("A given verifier shorter than 43, longer than 128, or with another character is refused")
    func given() {
        #expect(CodeVerifier(String(repeating: "a", count: 42)) == nil)
        #expect(CodeVerifier(String(repeating: "a", count: 129)) == nil)
        #expect(CodeVerifier(String(repeating: "a", count: 42) + "+") == nil)
        #expect(CodeVerifier(String(repeating: "a", count: 43)) != nil)
        #expect(CodeVerifier(String(repeating: "~", count: 128)) != nil)
    }
}
