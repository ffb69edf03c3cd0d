import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

@testable import AuthflowListener

/// `LoopbackServer.stop()` is graceful: it refuses new connections at once, lets requests in progress finish with
/// their whole answers, does not wait for idle connections, and returns after its grace period whatever a handler
/// does. Real libmicrohttpd on loopback, raw sockets as clients. No test measures time: a grace period far longer
/// than any wait the test allows shows what the stop did not wait for. Waits poll with `Task.sleep`, so a loaded
/// full run's other tests keep Swift's thread pool.
@Suite("Graceful stop")
struct GracefulStopTests {
    /// A body big enough to take many writes.
    static let largeBody = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test("A request whose handler is still running when stop() is called gets its whole answer, then the close")
    func handlerRunningAtStop() async throws {
        let entered = Gate()
        let release = Gate()
        let server = try LoopbackServer(configuration: .init(stopGracePeriod: .seconds(600))) { request in
            entered.open()
            release.wait(timeout: .seconds(120))
            return LoopbackResponse(body: Self.largeBody)
        }
        defer { release.open() }
        let port = server.port
        // Keep-alive by default (HTTP/1.1): the server, not the request, decides to close after this answer.
        let client = try await RawHTTPConnection(port: port)
        try await client.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(await Self.wait(for: entered))

        let stopped = Self.stopInBackground(server)
        let stopping = try await Self.waitUntilStopping(server)
        let stillStopping = !stopped.wait(timeout: .zero)
        release.open()
        let response = try await client.readResponse(within: .seconds(60))
        let closed = try await client.waitForClose(within: .seconds(60))

        #expect(stopping)
        #expect(stillStopping, "stop() returned while the handler was still running")
        #expect(response?.status == 200)
        #expect(response?.body.count == Self.largeBody.count)
        #expect(response?.body == Self.largeBody)
        #expect(response?.header("Connection")?.lowercased() == "close")
        #expect(closed == .closed)
        #expect(await Self.wait(for: stopped))
    }

    @Test("An answer still being written when stop() is called arrives whole")
    func answerBeingWrittenAtStop() async throws {
        let answering = Gate()
        let body = Array(repeating: UInt8(ascii: "x"), count: 2000)
        let server = try LoopbackServer(configuration: .init(stopGracePeriod: .seconds(600))) { _ in
            answering.open()
            // 20 writes 20 ms apart: the stop below begins while they go out.
            var response = LoopbackResponse(body: body)
            response.delivery = .paced(bytes: 100, interval: .milliseconds(20))
            return response
        }
        let port = server.port
        let client = try await RawHTTPConnection(port: port)
        try await client.send("GET /paced HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(await Self.wait(for: answering))

        let stopped = Self.stopInBackground(server)
        let (bytes, outcome) = try await client.readUntilClosed(within: .seconds(60))
        let response = RawHTTPResponse.parse(bytes)

        #expect(outcome == .closed)
        #expect(response?.status == 200)
        #expect(response?.body == body)
        #expect(await Self.wait(for: stopped))
    }

    @Test("Once stop() has begun, a new connection is refused on both loopback addresses")
    func newConnectionRefused() async throws {
        let entered = Gate()
        let release = Gate()
        let server = try LoopbackServer(configuration: .init(stopGracePeriod: .seconds(600))) { request in
            if request.path == "/hold" {
                entered.open()
                release.wait(timeout: .seconds(120))
            }
            return .text(request.path)
        }
        defer { release.open() }
        let port = server.port
        let addresses = server.boundAddresses
        // A request in progress keeps the stop going while the test knocks.
        let held = try await RawHTTPConnection(port: port)
        try await held.send("GET /hold HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(await Self.wait(for: entered))
        let before = try await RawHTTPConnection.exchange(
            "GET /before HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)

        let stopped = Self.stopInBackground(server)
        let notListening = try await Self.waitUntilStopping(server)
        var refusals: [String: Int32] = [:]
        for address in addresses {
            refusals[address] = Self.connectError(port: port, address: address)
        }
        let stillStopping = !stopped.wait(timeout: .zero)
        release.open()
        let heldAnswer = RawHTTPResponse.parse(try await held.readUntilClosed(within: .seconds(60)).bytes)

        #expect(before?.text == "/before")
        #expect(notListening)
        #expect(stillStopping, "stop() returned while a request was in progress")
        for address in addresses {
            #expect(refusals[address] == ECONNREFUSED, "\(address): \(refusals[address].map { String($0) } ?? "")")
        }
        #expect(heldAnswer?.text == "/hold")
        #expect(await Self.wait(for: stopped))
    }

    @Test("Idle keep-alive connections and connections that sent nothing do not hold stop() for its grace period")
    func idleConnectionsDoNotHoldStop() async throws {
        // Nor do idle connections time out (or get reaped) while the test waits.
        let configuration = LoopbackServer.Configuration(
            connectionTimeout: .seconds(600), requestDeadline: .seconds(600), stopGracePeriod: .seconds(600))
        let server = try LoopbackServer(configuration: configuration) { request in .text(request.path) }
        let port = server.port
        let keptAlive = try await RawHTTPConnection(port: port)
        try await keptAlive.send("GET /first HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let first = try await keptAlive.readResponse(within: .seconds(60))
        let silent = try await RawHTTPConnection(port: port)
        let openBeforeStop = !keptAlive.isClosedByPeer && !silent.isClosedByPeer

        // With 600 s to wait for, only a stop that ignores idle connections returns within the wait below.
        let stopped = Self.stopInBackground(server)
        let returned = await Self.wait(for: stopped)
        let keptAliveClosed = try await keptAlive.waitForClose(within: .seconds(60))
        let silentClosed = try await silent.waitForClose(within: .seconds(60))

        #expect(first?.text == "/first")
        #expect(openBeforeStop)
        #expect(returned)
        #expect(keptAliveClosed == .closed)
        #expect(silentClosed == .closed)
    }

    @Test("stop() returns after its grace period though a handler never returns; the port refuses connections")
    func stuckHandlerDoesNotHoldStop() async throws {
        let entered = Gate()
        let release = Gate()
        let server = try LoopbackServer(configuration: .init(stopGracePeriod: .milliseconds(200))) { _ in
            entered.open()
            // Stands for a handler that never returns: it is let go only once the test is over.
            release.wait(timeout: .seconds(600))
            return .text("too late")
        }
        defer { release.open() }
        let port = server.port
        let client = try await RawHTTPConnection(port: port)
        try await client.send("GET /stuck HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(await Self.wait(for: entered))

        let stopped = Self.stopInBackground(server)
        let returned = await Self.wait(for: stopped)
        let refused = Self.connectError(port: port, address: "127.0.0.1")
        let (bytes, outcome) = try await client.readUntilClosed(within: .seconds(60))
        let handlerStillRunning = !release.wait(timeout: .zero)

        #expect(returned)
        #expect(refused == ECONNREFUSED)
        // The connection is closed without an answer, while the handler still runs.
        #expect(outcome == .closed)
        #expect(bytes.isEmpty)
        #expect(handlerStillRunning)
    }

    // MARK: Helpers

    /// Runs `server.stop()` on a thread of its own; the gate opens when it has returned.
    static func stopInBackground(_ server: LoopbackServer) -> Gate {
        let stopped = Gate()
        Thread.detachNewThread {
            server.stop()
            stopped.open()
        }
        return stopped
    }

    /// Waits for `gate` for at most a minute: long enough for a loaded machine, far shorter than the grace periods
    /// these tests show are not waited out.
    static func wait(for gate: Gate) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while !gate.wait(timeout: .zero) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Waits until `server`'s stop has begun, when it refuses new connections; false after a minute.
    static func waitUntilStopping(_ server: LoopbackServer) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while !server.isStopping {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// The `errno` of a blocking connect to `address` (`127.0.0.1` or `::1`) on `port`; 0 when it connected.
    static func connectError(port: UInt16, address: String) -> Int32 {
        let ipv6 = address.contains(":")
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let result: Int32
        if ipv6 {
            var target = sockaddr_in6()
            target.sin6_family = sa_family_t(AF_INET6)
            target.sin6_port = port.bigEndian
            target.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_port = port.bigEndian
            target.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            result = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return result == 0 ? 0 : errno
    }
}
