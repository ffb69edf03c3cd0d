import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

@Suite("Binding to loopback only")
struct BindingTests {
    private let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))

    @Test("Port 0 picks an ephemeral port served on 127.0.0.1 and, when the machine has IPv6, ::1")
    func ephemeralBothFamilies() async throws {
        let server = try LoopbackServer { _ in .text("hello") }
        defer { server.stop() }

        #expect(server.port != 0)
        #expect(server.boundAddresses.first == "127.0.0.1")
        #expect(Set(server.boundAddresses).isSubset(of: ["127.0.0.1", "::1"]))
        if machineHasIPv6Loopback() {
            #expect(server.boundAddresses == ["127.0.0.1", "::1"])
        }
        for address in server.boundAddresses {
            let host = address.contains(":") ? "[\(address)]" : address
            let response = try await client.send(HTTPRequest(url: server.url("/", host: host)))
            #expect(response.text == "hello", "via \(address)")
        }
    }

    @Test(
        "The kernel's socket table shows listeners on loopback addresses only, never a wildcard or an interface address"
    )
    func notBoundElsewhere() async throws {
        let server = try LoopbackServer { _ in .text("hello") }
        defer { server.stop() }
        // /proc/net/tcp* is read page by page, so a read can miss a socket while other tests (the junk flood)
        // open and close thousands; union reads until both appear, for as long as such a test may run.
        var listeners: Set<String> = []
        for _ in 0..<600 where listeners.count < server.boundAddresses.count {
            listeners.formUnion(try SocketTable.listeningAddresses(port: server.port))
            if listeners.count < server.boundAddresses.count { try await Task.sleep(for: .milliseconds(50)) }
        }
        let interfaceAddresses = SocketTable.nonLoopbackInterfaceAddresses()

        // The machine is offline and other addresses are off limits, so reachability from a non-loopback
        // address is proven from the bindings rather than by sending traffic there.
        #expect(listeners == Set(server.boundAddresses))
        for address in listeners {
            #expect(address == "127.0.0.1" || address == "::1", "listening on \(address)")
            #expect(!interfaceAddresses.contains(address))
        }
    }

    @Test("A port already in use gives .portInUse")
    func busyPort() throws {
        let first = try LoopbackServer { _ in .text("first") }
        defer { first.stop() }

        #expect(throws: LoopbackServerError.portInUse(first.port)) {
            _ = try LoopbackServer(configuration: .init(port: first.port)) { _ in .text("second") }
        }
        #expect(LoopbackServerError.portInUse(first.port).description.contains("\(first.port)"))
    }

    @Test("stop() is idempotent and frees the port for a new server; so does releasing the server")
    func stopFreesPort() async throws {
        // A port below the kernel's ephemeral range, so no other test's outgoing connection or port-0 server
        // can take it between stop() and the rebind (they did, now and then, with an ephemeral one).
        let first = try Self.serverBelowEphemeralRange { _ in .text("first") }
        let port = first.port
        first.stop()
        first.stop()

        var second: LoopbackServer? = try await Self.rebind(port) { _ in .text("second") }
        let response = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/"))
        #expect(response.text == "second")
        second = nil

        let third = try await Self.rebind(port) { _ in .text("third") }
        defer { third.stop() }
        #expect(third.port == port)
        #expect(second == nil)
    }

    /// Binds `port` again, allowing a moment for the kernel to drop the old socket: a subprocess that
    /// another test is starting holds a copy of every descriptor from fork until exec (close-on-exec
    /// notwithstanding). A port that stop() failed to free stays busy and fails the test.
    private static func rebind(
        _ port: UInt16, _ handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
    ) async throws -> LoopbackServer {
        for _ in 0..<50 {
            if let server = try? LoopbackServer(configuration: .init(port: port), handler: handler) { return server }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try LoopbackServer(configuration: .init(port: port), handler: handler)
    }

    private static func serverBelowEphemeralRange(
        _ handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
    ) throws -> LoopbackServer {
        let start = UInt16.random(in: 20_000..<30_000)
        for offset in 0..<500 {
            let port = 20_000 + (start - 20_000 + UInt16(offset)) % 10_000
            if let server = try? LoopbackServer(configuration: .init(port: port), handler: handler) { return server }
        }
        throw LoopbackServerError.portInUse(start)
    }

    @Test("After stop() connections are refused")
    func refusedAfterStop() async throws {
        let server = try LoopbackServer { _ in .text("hello") }
        server.stop()

        // As in rebind(): a forked child of another test may hold the socket until it execs; a socket
        // stop() left open would accept connections for ever.
        var error: HTTPError?
        for _ in 0..<50 {
            do {
                _ = try await client.send(HTTPRequest(url: server.url()))
                error = nil
            } catch let failure {
                error = failure
            }
            if error == .connectionRefused(host: "127.0.0.1") { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(error == .connectionRefused(host: "127.0.0.1"))
    }

    private func machineHasIPv6Loopback() -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8) else { return false }
        return table.split(separator: "\n").contains { $0.hasPrefix("00000000000000000000000000000001") }
    }
}
