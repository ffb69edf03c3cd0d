import AuthflowPrimitives
import Testing

struct URLPartsTests {
    @Test func splitsAllParts() throws {
        let parts = try #require(URLParts("HTTPS://user:pw@Example.COM:8443/a/b?x=1&y=2#frag"))
        #expect(parts.scheme == "https")
        #expect(parts.host == "example.com")
        #expect(parts.port == 8443)
        #expect(parts.path == "/a/b")
        #expect(parts.query == "x=1&y=2")
        #expect(parts.fragment == "frag")
        #expect(parts.origin == "https://example.com:8443")
    }

    @Test func ipv6AndCustomSchemes() throws {
        let loopback = try #require(URLParts("http://[::1]:9099/emulator/action"))
        #expect(loopback.host == "::1")
        #expect(loopback.port == 9099)
        #expect(loopback.hostAndPort == "[::1]:9099")
        let custom = try #require(URLParts("com.googleusercontent.apps.123://firebaseauth/link?deep_link_id=x"))
        #expect(custom.scheme == "com.googleusercontent.apps.123")
        #expect(custom.host == "firebaseauth")
        #expect(custom.path == "/link")
    }

    @Test(arguments: ["", "no scheme here", "1http://x", "://x", "ht tp://x"])
    func rejectsTextWithoutScheme(text: String) {
        #expect(URLParts(text) == nil)
    }

    @Test func queryOfStopsAtFragment() {
        #expect(URLParts.query(of: "https://x/?a=1#b=2") == "a=1")
        #expect(URLParts.query(of: "https://x/#b?c") == "c")
        #expect(URLParts.query(of: "https://x/") == nil)
    }

    @Test func domainBoundary() {
        #expect(URLParts.host("x.page.link", isWithin: "page.link"))
        #expect(!URLParts.host("evilpage.link", isWithin: "page.link"))
    }

    @Test func queryParametersRules() {
        let parameters = QueryParameters(query: "a=1&b&a=2&c=x=y&=v&d=%41+B")
        #expect(parameters.value("a", rule: .firstWins) == "1")
        #expect(parameters.value("a") == "2")
        #expect(parameters.value("b") == "")
        #expect(parameters.nonEmptyValue("b") == nil)
        #expect(parameters.value("c") == "x=y")
        #expect(parameters.value("d") == "A+B")
        #expect(QueryParameters(query: "d=%41+B", plusAsSpace: true).value("d") == "A B")
    }

    @Test func encodeComponentMatchesJavaScript() {
        #expect(PercentEncoding.encodeComponent("a b&c=d/é!*'()~") == "a%20b%26c%3Dd%2F%C3%A9!*'()~")
    }
}
