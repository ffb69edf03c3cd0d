import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Forward proxy on loopback")
struct ProxyIntegrationTests {
    @Test("A request for a remote name goes to the proxy with an absolute-form target; nothing leaves the machine")
    func forwardsThroughProxy() async throws {
        let proxy = try RecordingServer.forwardProxy { _ in .text("via proxy") }
        defer { proxy.stop() }
        let client = makeClient(proxy: ProxyConfiguration(httpProxy: "http://127.0.0.1:\(proxy.port)"))

        let response = try await client.send(HTTPRequest(url: "http://example.invalid/x?y=1"))

        #expect(response.status == 200)
        #expect(response.text == "via proxy")
        let request = try #require(proxy.requests.last)
        #expect(request.target == "http://example.invalid/x?y=1")
        #expect(request.header("Host") == "example.invalid")
    }

    @Test("Loopback destinations bypass the configured proxy")
    func loopbackBypassesProxy() async throws {
        let proxy = try RecordingServer.forwardProxy { _ in .text("via proxy") }
        defer { proxy.stop() }
        let server = try LoopbackServer { _ in .text("direct") }
        defer { server.stop() }
        let client = makeClient(proxy: ProxyConfiguration(httpProxy: "http://127.0.0.1:\(proxy.port)"))

        let response = try await client.send(HTTPRequest(url: server.url("/", host: "localhost")))

        #expect(response.text == "direct")
        #expect(proxy.targets.isEmpty)
    }

    @Test("With a proxy, publicOnly allows names (the socket goes to the proxy) but blocks private literal IPs")
    func addressPolicyWithProxy() async throws {
        let proxy = try RecordingServer.forwardProxy { _ in .text("via proxy") }
        defer { proxy.stop() }
        let client = makeClient(
            proxy: ProxyConfiguration(httpProxy: "http://127.0.0.1:\(proxy.port)"),
            addressPolicy: .publicOnly(allowedHosts: [])
        )

        let named = try await client.send(HTTPRequest(url: "http://example.invalid/"))
        let literal = await capturedError { try await client.send(HTTPRequest(url: "http://10.0.0.1/")) }

        #expect(named.text == "via proxy")
        #expect(literal == .blockedAddress(host: "10.0.0.1", address: "10.0.0.1"))
        #expect(proxy.targets == ["http://example.invalid/"])
    }

    @Test("An unreachable proxy gives .proxy")
    func proxyDown() async throws {
        let closed = try ClosedPort()
        let client = makeClient(proxy: ProxyConfiguration(httpProxy: "http://127.0.0.1:\(closed.port)"))

        let error = await capturedError { try await client.send(HTTPRequest(url: "http://example.invalid/")) }
        withExtendedLifetime(closed) {}

        guard case .proxy? = error else {
            Issue.record("expected .proxy, got \(String(describing: error))")
            return
        }
    }
}
