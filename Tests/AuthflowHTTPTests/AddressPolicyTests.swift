import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("AddressPolicy.publicOnly against real sockets")
struct AddressPolicyTests {
    @Test("127.0.0.1 and localhost are blocked unless allowed, and the server never sees a request")
    func loopbackBlocked() async throws {
        let server = try RecordingServer(replying: "reached")
        defer { server.stop() }
        let strict = makeClient(addressPolicy: .publicOnly(allowedHosts: []))

        let byIP = await capturedError { try await strict.send(HTTPRequest(url: server.url("/ip"))) }
        let byName = await capturedError {
            try await strict.send(HTTPRequest(url: server.url("/name", host: "localhost")))
        }

        #expect(byIP == .blockedAddress(host: "127.0.0.1", address: "127.0.0.1"))
        guard case .blockedAddress(let host, let address)? = byName else {
            Issue.record("expected .blockedAddress, got \(String(describing: byName))")
            return
        }
        #expect(host == "localhost")
        #expect(["127.0.0.1", "::1"].contains(address))
        #expect(server.targets.isEmpty)
    }

    @Test("Allowed hosts may connect, matched case-insensitively")
    func allowedHostsConnect() async throws {
        let server = try LoopbackServer { _ in .text("reached") }
        defer { server.stop() }
        let client = makeClient(addressPolicy: .publicOnly(allowedHosts: ["LOCALHOST", "127.0.0.1"]))

        let byName = try await client.send(HTTPRequest(url: server.url("/", host: "localhost")))
        let byIP = try await client.send(HTTPRequest(url: server.url("/")))

        #expect(byName.text == "reached")
        #expect(byIP.text == "reached")
    }

    @Test("A redirect from an allowed host to a private address is blocked at the new hop")
    func redirectCannotEscape() async throws {
        let target = try RecordingServer(replying: "internal")
        defer { target.stop() }
        let redirector = try LoopbackServer { _ in .redirect(to: target.url("/internal")) }
        defer { redirector.stop() }
        let client = makeClient(addressPolicy: .publicOnly(allowedHosts: ["localhost"]))

        let error = await capturedError {
            try await client.send(HTTPRequest(url: redirector.url("/", host: "localhost")))
        }

        #expect(error == .blockedAddress(host: "127.0.0.1", address: "127.0.0.1"))
        #expect(target.targets.isEmpty)
    }
}
