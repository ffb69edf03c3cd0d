import Testing

@testable import AuthflowPrimitives

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

    /// The unwrapper finds a level's query from its offsets; that must be the query `query(of:)` reads, wherever the
    /// `?`, `#` and `:` fall.
    @Test(arguments: [
        "https://x/?a=1#b=2", "https://x/#b?c", "https://x/#b?c#d", "https://x/", "https://x/#f", "a?b:c?d",
        "ab?:c", "h:?q", "h:", "h:#?", "no colon?q", "https://u:p@x:9/p?q=1&r=:#s?t", "?:x", "x:y#z#?w#v",
    ])
    func queryFromOffsetsIsTheQuery(url: String) {
        var text = url
        text.withUTF8 { bytes in
            let offsets = URLParts.Offsets(bytes)
            #expect(URLParts.queryOffsets(in: bytes, offsets: offsets) == URLParts.queryOffsets(in: bytes), "\(url)")
        }
    }

    /// Host and port from one pass over the authority: userinfo ends at the last `@`, the port follows the last
    /// `:` after it.
    @Test func hostAndPortOfAuthorities() throws {
        #expect(try #require(URLParts("https://a:b@c:d@Host:81/")).host == "host")
        #expect(try #require(URLParts("https://a:b@c:d@Host:81/")).port == 81)
        #expect(try #require(URLParts("https://user:pw@host/")).host == "host")
        #expect(try #require(URLParts("https://user:pw@host/")).port == nil)
        #expect(try #require(URLParts("https://host:/")).host == "host")
        #expect(try #require(URLParts("https://h:1:2/")).host == "h:1")
        #expect(try #require(URLParts("https://h:1:2/")).port == 2)
        #expect(try #require(URLParts("https://h:99999/")).host == "h:99999")
        #expect(try #require(URLParts("https://@[::1]:7/")).port == 7)
        #expect(try #require(URLParts("https://x@/")).host == "")
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

/// The authority is read from bytes (one reading for `URLParts` and the link unwrapper); the port is what
/// `Int(_:)` reads, and a port that is not one stays part of the host, as before.
struct URLPartsAuthorityTests {
    @Test func portsAsIntReadsThem() throws {
        #expect(try #require(URLParts("https://u@Host.Example:+443/")).port == 443)
        #expect(try #require(URLParts("https://u@Host.Example:+443/")).host == "host.example")
        #expect(try #require(URLParts("https://h:-0/")).port == 0)
        #expect(try #require(URLParts("https://h:/")).host == "h")
        #expect(try #require(URLParts("https://h:/")).port == nil)
        #expect(try #require(URLParts("https://h:99999/")).host == "h:99999")
        #expect(try #require(URLParts("https://h:99999999999999999999/")).host == "h:99999999999999999999")
        #expect(try #require(URLParts("https://h:8a/")).host == "h:8a")
        #expect(try #require(URLParts("https://a:b@[::1]:8080/")).host == "::1")
        #expect(try #require(URLParts("https://a:b@[::1]:8080/")).port == 8080)
        #expect(try #require(URLParts("https://[::1]/")).port == nil)
    }
}

/// Decoding into a reused buffer gives the bytes of the `String` the plain decoder returns, repairs included.
struct PercentDecodingIntoBufferTests {
    @Test func sameBytesAsTheStringDecoder() {
        let samples = ["a%20b", "%C3%A9t%C3%A9", "%C3%28", "%E2%82", "%zz%4", "a+b", "", "%FF%FE", "é%41"]
        for sample in samples {
            for plusAsSpace in [false, true] {
                var buffer: [UInt8] = Array("prefix".utf8)
                _ = sample.withUTF8Buffer {
                    PercentDecoding.decode(bytes: $0, plusAsSpace: plusAsSpace, into: &buffer)
                }
                let expected = PercentDecoding.decode(sample, plusAsSpace: plusAsSpace)
                #expect(buffer == Array(("prefix" + expected).utf8), "\(sample)")
            }
        }
    }
}
