import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// Header size, request deadline and idle timeout, over raw sockets so the bytes and their timing are exact.
/// Waits are generous and only lower bounds on time are asserted: the machine may be loaded.
@Suite("Request limits")
struct LimitsTests {
    private static func request(_ path: String, port: UInt16, extra: String = "", close: Bool = true) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)" + (close ? "Connection: close\r\n" : "") + "\r\n"
    }

    /// Connects and sends `request`, then reads one response, leaving the connection open. On a loaded
    /// machine this task can stall past a short deadline between connecting and sending, so when the server
    /// closes before answering it tries again, three times in all; `sentAt` is when the last try sent.
    private static func send(
        _ request: String, port: UInt16
    ) async throws -> (connection: RawHTTPConnection, response: RawHTTPResponse?, sentAt: ContinuousClock.Instant) {
        var attempt = 1
        while true {
            let connection = try await RawHTTPConnection(port: port)
            let sentAt = ContinuousClock.now
            try await connection.send(request)
            let response = try await connection.readResponse(within: .seconds(60))
            if response != nil || attempt == 3 { return (connection, response, sentAt) }
            attempt += 1
        }
    }

    /// Sends `bytes` one at a time, 200 ms apart, until the server closes the connection or 30 s have
    /// passed (the requests are long enough never to finish in that time); returns how many were sent.
    private static func trickle(
        _ bytes: [UInt8], on connection: RawHTTPConnection
    ) async throws -> (sent: Int, closed: Bool) {
        let giveUp = ContinuousClock.now + .seconds(30)
        var sent = 0
        for byte in bytes where ContinuousClock.now < giveUp {
            guard try await connection.send([byte]), !connection.isClosedByPeer else { return (sent, true) }
            sent += 1
            try await Task.sleep(for: .milliseconds(200))
        }
        return (sent, connection.isClosedByPeer)
    }

    @Test("A head over maxHeaderBytes gets libmicrohttpd's 431 (414 for a long request line), never the handler")
    func oversizeHead() async throws {
        let server = try RecordingServer(configuration: .init(maxHeaderBytes: 8 * 1024)) { _ in .text("handled") }
        defer { server.stop() }
        let port = server.port

        let bigHeader = try await RawHTTPConnection.exchange(
            Self.request("/header", port: port, extra: "X-Big: \(String(repeating: "a", count: 16 * 1024))\r\n"),
            port: port
        )
        let manyHeaders = try await RawHTTPConnection.exchange(
            Self.request(
                "/many", port: port,
                extra: String(repeating: "X-Many: \(String(repeating: "b", count: 60))\r\n", count: 300)),
            port: port
        )
        let longTarget = try await RawHTTPConnection.exchange(
            Self.request("/" + String(repeating: "t", count: 16 * 1024), port: port), port: port
        )
        let fits = try await RawHTTPConnection.exchange(
            Self.request("/fits", port: port, extra: "X-Big: \(String(repeating: "c", count: 2 * 1024))\r\n"),
            port: port
        )

        #expect(bigHeader?.status == 431)
        #expect(manyHeaders?.status == 431)
        #expect(longTarget?.status == 414)
        #expect(fits?.status == 200)
        #expect(server.targets.map { $0.prefix(32) } == ["/fits"])
    }

    @Test("The default allows a 16 KiB header and refuses a 40 KiB one with 431; a Cookie counts about twice")
    func defaultHeaderLimit() async throws {
        let server = try RecordingServer(replying: "handled")
        defer { server.stop() }
        let port = server.port
        func head(_ name: String, kibibytes: Int) -> String {
            Self.request(
                "/\(name)/\(kibibytes)", port: port,
                extra: "\(name): \(String(repeating: "c", count: kibibytes * 1024))\r\n")
        }

        let fits = try await RawHTTPConnection.exchange(head("X-Padding", kibibytes: 16), port: port)
        let tooBig = try await RawHTTPConnection.exchange(head("X-Padding", kibibytes: 40), port: port)
        // libmicrohttpd keeps a parsed copy of cookies in the same memory.
        let smallCookie = try await RawHTTPConnection.exchange(head("Cookie", kibibytes: 8), port: port)
        let bigCookie = try await RawHTTPConnection.exchange(head("Cookie", kibibytes: 20), port: port)

        #expect(fits?.status == 200)
        #expect(tooBig?.status == 431)
        #expect(smallCookie?.status == 200)
        #expect(bigCookie?.status == 431)
        #expect(server.targets == ["/X-Padding/16", "/Cookie/8"])
    }

    @Test(
        "A connection trickling a byte every 200 ms is closed after requestDeadline; another connection is served meanwhile"
    )
    func slowlorisClosed() async throws {
        let server = try RecordingServer(
            configuration: .init(connectionTimeout: .seconds(60), requestDeadline: .seconds(1))
        ) { _ in
            .text("served")
        }
        defer { server.stop() }
        let port = server.port
        // Longer than the test could ever trickle (200 ms a byte), so only the deadline can end it.
        let slowRequest = Array(
            Self.request("/slow", port: port, extra: "X-Pad: \(String(repeating: "p", count: 400))\r\n").utf8)

        let started = ContinuousClock.now
        let slow = try await RawHTTPConnection(port: port)
        let trickle = Task { try await Self.trickle(slowRequest, on: slow) }
        try await Task.sleep(for: .milliseconds(300))
        let normal = try await Self.send(Self.request("/normal", port: port), port: port).response
        let (sent, closed) = try await trickle.value
        let elapsed = ContinuousClock.now - started

        #expect(normal?.status == 200)
        #expect(normal?.text == "served")
        #expect(closed, "still open after trickling \(sent) bytes")
        #expect(sent < slowRequest.count)
        #expect(elapsed >= .seconds(1), "closed before the deadline")
        #expect(server.targets == ["/normal"])
    }

    @Test(
        "On a kept-alive connection the deadline restarts after each response: a trickled second request is closed too")
    func slowSecondRequest() async throws {
        let server = try RecordingServer(
            configuration: .init(connectionTimeout: .seconds(60), requestDeadline: .seconds(1))
        ) { _ in
            .text("served")
        }
        defer { server.stop() }
        let port = server.port

        let (connection, first, _) = try await Self.send(Self.request("/first", port: port, close: false), port: port)
        let second = Array(
            Self.request("/second", port: port, extra: "X-Pad: \(String(repeating: "p", count: 400))\r\n").utf8)
        let (sent, closed) = try await Self.trickle(second, on: connection)

        #expect(first?.status == 200)
        #expect(closed, "still open after trickling \(sent) bytes")
        #expect(server.targets.last == "/first")
    }

    @Test("Time spent in the handler does not count against requestDeadline")
    func slowHandlerNotReaped() async throws {
        let server = try RecordingServer(configuration: .init(requestDeadline: .seconds(1))) { _ in
            Thread.sleep(forTimeInterval: 2.5)
            return .text("worth the wait")
        }
        defer { server.stop() }

        let response = try await Self.send(Self.request("/slow-handler", port: server.port), port: server.port).response

        #expect(response?.status == 200)
        #expect(response?.text == "worth the wait")
    }

    @Test("A silent connection is closed after connectionTimeout, well before a long requestDeadline")
    func idleConnectionClosed() async throws {
        let server = try RecordingServer(
            configuration: .init(connectionTimeout: .seconds(1), requestDeadline: .seconds(600))
        ) { _ in
            .text("served")
        }
        defer { server.stop() }

        let started = ContinuousClock.now
        let silent = try await RawHTTPConnection(port: server.port)
        let outcome = try await silent.waitForClose(within: .seconds(60))

        #expect(outcome == .closed)
        // libmicrohttpd times with a coarse clock, a few milliseconds either way.
        #expect(ContinuousClock.now - started >= .milliseconds(900), "closed before the idle timeout")
        #expect(server.requests.isEmpty)
    }

    @Test("A kept-alive connection is kept after its response, then closed once idle for connectionTimeout")
    func idleKeepAliveClosed() async throws {
        let server = try RecordingServer(
            configuration: .init(connectionTimeout: .seconds(1), requestDeadline: .seconds(600))
        ) { _ in
            .text("served")
        }
        defer { server.stop() }

        let (connection, response, sentAt) = try await Self.send(
            Self.request("/once", port: server.port, close: false), port: server.port)
        let outcome = try await connection.waitForClose(within: .seconds(60))
        let heldFor = ContinuousClock.now - sentAt

        #expect(response?.text == "served")
        #expect(response?.header("Connection")?.lowercased() != "close")
        #expect(outcome == .closed)
        // Idle from the response on, which went out after the request was sent; allowing for the coarse clock.
        #expect(heldFor >= .milliseconds(900), "closed right after the response, not after the idle timeout")
    }
}
