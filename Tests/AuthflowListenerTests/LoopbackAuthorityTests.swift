import Testing

@testable import AuthflowListener

/// The Host matcher alone, for the cases a test cannot reach over a socket: the scheme's default port,
/// which only a server bound to port 80 or 443 would see.
@Suite("Loopback authority matching")
struct LoopbackAuthorityTests {
    @Test("The port may be left out only when it is the scheme's default")
    func defaultPort() {
        let http80 = LoopbackAuthority(port: 80, defaultPort: 80)
        let https443 = LoopbackAuthority(port: 443, defaultPort: 443)
        let http8080 = LoopbackAuthority(port: 8080, defaultPort: 80)

        #expect(http80.matches("localhost"))
        #expect(http80.matches("[::1]"))
        #expect(http80.matches("127.0.0.1:80"))
        #expect(https443.matches("localhost"))
        #expect(!https443.matches("app.localhost"), "only our own names, not NAME.localhost")
        #expect(!https443.matches("localhost:80"))
        #expect(!http8080.matches("localhost"))
        #expect(!http8080.matches("localhost:80"))
        #expect(http8080.matches("localhost:8080"))
    }

    @Test("Absolute-form authority: only scheme://authority targets name a host")
    func absoluteFormAuthority() {
        #expect(LoopbackAuthority.absoluteFormAuthority(of: "http://a.example:1/x?y") == "a.example:1")
        #expect(LoopbackAuthority.absoluteFormAuthority(of: "HTTPS://b?c") == "b")
        #expect(LoopbackAuthority.absoluteFormAuthority(of: "http://c#d") == "c")
        #expect(LoopbackAuthority.absoluteFormAuthority(of: "/cb?next=http://evil.example/") == nil)
        #expect(LoopbackAuthority.absoluteFormAuthority(of: "*") == nil)
        #expect(LoopbackAuthority.absoluteFormAuthority(of: "1http://x/") == nil)
    }

    @Test("Names compare ASCII case-insensitively only: a character that lowercases to ASCII is not a match")
    func asciiOnly() {
        let authority = LoopbackAuthority(port: 8080, defaultPort: 80)

        #expect(authority.matches("LocalHost:8080"))
        #expect(!authority.matches("WORK.LocalHost:8080"))
        #expect(!authority.matches("\u{212A}.localhost:8080")) // KELVIN SIGN lowercases to "k"
        #expect(!authority.matches("localhost\u{0000}:8080"))
    }
}
