import AuthflowListener
import AuthflowTestSupport
import Testing

/// The DNS-rebinding defence: only requests addressed to this server by a loopback name and its port reach
/// the handler. Raw sockets, because HTTP clients will not send a Host that differs from the URL.
@Suite("Host check")
struct HostCheckTests {
    /// `PORT` in a template becomes the server's port, `OTHER` a different one.
    private static func host(_ template: String, port: UInt16) -> String {
        template.replacingOccurrences(of: "OTHER", with: String(port == 65535 ? 1 : port + 1))
            .replacingOccurrences(of: "PORT", with: String(port))
    }

    private static func get(_ path: String, host: String?, version: String = "HTTP/1.1") -> String {
        "GET \(path) \(version)\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + "Connection: close\r\n\r\n"
    }

    @Test(
        "A Host naming another site gets 400 with a plain-text reason, and the handler never runs",
        arguments: [
            "evil.example:PORT", "evil.example", "localhost.evil.example:PORT", "127.0.0.1.nip.io:PORT",
            "127.0.0.2:PORT", "[::2]:PORT", "[::ffff:127.0.0.1]:PORT", "0.0.0.0:PORT", "localhostx:PORT",
            ".localhost:PORT", "a..localhost:PORT", "user@localhost:PORT", "", "localhost:PORT/x",
            "foo.localhost:PORT", "A.b-c.LOCALHOST:PORT",
        ]
    )
    func foreignHost(template: String) async throws {
        let server = try RecordingServer(replying: "secret")
        defer { server.stop() }
        let host = Self.host(template, port: server.port)

        let response = try #require(try await RawHTTPConnection.exchange(Self.get("/", host: host), port: server.port))

        #expect(response.status == 400, "Host: \(host)")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.text.contains("Host"))
        #expect(!response.text.contains("secret"))
        #expect(server.requests.isEmpty)
    }

    @Test(
        "A loopback name with the wrong port, or none, is refused: the port is part of the check",
        arguments: [
            "127.0.0.1:OTHER", "localhost:OTHER", "[::1]:OTHER", "app.localhost:OTHER", "localhost:0PORT",
            "localhost:+PORT", "localhost:", "127.0.0.1", "localhost", "[::1]",
        ]
    )
    func wrongPort(template: String) async throws {
        let server = try RecordingServer(replying: "secret")
        defer { server.stop() }
        let host = Self.host(template, port: server.port)

        let response = try #require(try await RawHTTPConnection.exchange(Self.get("/", host: host), port: server.port))

        #expect(response.status == 400, "Host: \(host)")
        #expect(server.requests.isEmpty)
    }

    @Test("A request without Host (HTTP/1.0 or 1.1), or with two, is refused")
    func missingOrRepeatedHost() async throws {
        let server = try RecordingServer(replying: "secret")
        defer { server.stop() }
        let good = "127.0.0.1:\(server.port)"

        let http10 = try await RawHTTPConnection.exchange(
            Self.get("/", host: nil, version: "HTTP/1.0"), port: server.port)
        let http11 = try await RawHTTPConnection.exchange(Self.get("/", host: nil), port: server.port)
        let twice = try await RawHTTPConnection.exchange(
            "GET / HTTP/1.1\r\nHost: \(good)\r\nHost: evil.example\r\nConnection: close\r\n\r\n", port: server.port
        )

        #expect(http10?.status == 400)
        #expect(http11?.status == 400)
        #expect(twice?.status == 400)
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Every loopback form with this port is answered by the handler, case and surrounding spaces aside",
        arguments: ["127.0.0.1:PORT", "localhost:PORT", "[::1]:PORT", "LocalHost:PORT", "  localhost:PORT\t"]
    )
    func loopbackForms(template: String) async throws {
        let server = try RecordingServer(replying: "hello")
        defer { server.stop() }
        let host = Self.host(template, port: server.port)

        let response = try #require(
            try await RawHTTPConnection.exchange(Self.get("/page", host: host), port: server.port))

        #expect(response.status == 200, "Host: \(host)")
        #expect(response.text == "hello")
        #expect(server.targets == ["/page"])
    }

    @Test("The check is the same on ::1 as on 127.0.0.1")
    func sameOnIPv6() async throws {
        let server = try RecordingServer(replying: "hello")
        defer { server.stop() }
        try #require(server.server.boundAddresses.contains("::1"), "this machine has no IPv6 loopback")

        let good = try await RawHTTPConnection.exchange(
            Self.get("/6", host: "[::1]:\(server.port)"), port: server.port, address: "::1")
        let bad = try await RawHTTPConnection.exchange(
            Self.get("/x", host: "evil.example"), port: server.port, address: "::1")

        #expect(good?.status == 200)
        #expect(bad?.status == 400)
        #expect(server.targets == ["/6"])
    }

    @Test("An absolute-form (proxy-style) target must name this server too, and Host is still checked")
    func absoluteForm() async throws {
        let server = try RecordingServer(replying: "hello")
        defer { server.stop() }
        let good = "127.0.0.1:\(server.port)"

        let foreignTarget = try await RawHTTPConnection.exchange(
            Self.get("http://evil.example/a", host: good), port: server.port)
        let foreignHost = try await RawHTTPConnection.exchange(
            Self.get("http://\(good)/b", host: "evil.example"), port: server.port)
        let wrongPort = try await RawHTTPConnection.exchange(
            Self.get("http://localhost:\(Self.host("OTHER", port: server.port))/c", host: good), port: server.port
        )
        let ours = try await RawHTTPConnection.exchange(
            Self.get("http://LOCALHOST:\(server.port)/d?e", host: good), port: server.port)

        #expect(foreignTarget?.status == 400)
        #expect(foreignHost?.status == 400)
        #expect(wrongPort?.status == 400)
        #expect(ours?.status == 200)
        #expect(server.targets == ["http://LOCALHOST:\(server.port)/d?e"])
    }

    @Test(".any lets every Host through, a missing one and proxy-style targets included")
    func anyPolicy() async throws {
        let server = try RecordingServer(configuration: .init(hostPolicy: .any)) { _ in .text("open") }
        defer { server.stop() }

        let foreign = try await RawHTTPConnection.exchange(Self.get("/a", host: "evil.example"), port: server.port)
        let missing = try await RawHTTPConnection.exchange(
            Self.get("/b", host: nil, version: "HTTP/1.0"), port: server.port)
        let proxy = try await RawHTTPConnection.exchange(
            Self.get("http://example.invalid/c", host: "example.invalid"), port: server.port)

        #expect(foreign?.status == 200)
        #expect(missing?.status == 200)
        #expect(proxy?.text == "open")
        #expect(server.targets == ["/a", "/b", "http://example.invalid/c"])
        #expect(server.requests.first?.header("Host") == "evil.example")
    }
}
