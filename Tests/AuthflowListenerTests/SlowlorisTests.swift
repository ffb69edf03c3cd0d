import AuthflowListener
import AuthflowTestSupport
import Synchronization
import Testing

/// Many connections that trickle a request byte by byte (slowloris) must not keep the browser's callback out:
/// past the connection limit, a new connection makes room by closing the one that has waited longest.
/// Loopback only; the attack is bounded in connections and time and stops by itself.
@Suite("Slowloris against the connection limit")
struct SlowlorisTests {
    /// Attacking connections: more than the default limit of 256.
    private static let attackers = 300

    /// How the attack went, and the switch that ends it.
    private final class Attack: Sendable {
        let opened = Atomic<Int>(0)
        let reopened = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    /// Opens a connection that sends a request line and one header, never the end of the head.
    private static func trickler(port: UInt16) async -> RawHTTPConnection? {
        guard let connection = try? await RawHTTPConnection(port: port, timeout: .seconds(1)) else { return nil }
        guard (try? await connection.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")) == true else {
            return nil
        }
        return connection
    }

    /// Opens ``attackers`` trickling connections, then sends a byte on each every 500 ms and reopens those the
    /// server closed, until `attack` is stopped or 20 s have passed.
    private static func run(_ attack: Attack, port: UInt16) async {
        let end = ContinuousClock.now + .seconds(20)
        var connections: [RawHTTPConnection?] = []
        for _ in 0..<attackers {
            let connection = await trickler(port: port)
            if connection != nil { attack.opened.add(1, ordering: .relaxed) }
            connections.append(connection)
        }
        while !attack.stopped.load(ordering: .relaxed), ContinuousClock.now < end {
            for index in connections.indices {
                if let connection = connections[index], !connection.isClosedByPeer,
                    (try? await connection.send("X")) == true
                {
                    continue
                }
                connections[index] = await trickler(port: port)
                attack.reopened.add(1, ordering: .relaxed)
            }
            try? await Task.sleep(for: .milliseconds(500))
        }
    }

    @Test(
        "300 connections trickling a byte every 500 ms, reopened when closed: a valid request is answered within 5 s",
        .timeLimit(.minutes(1)))
    func validRequestGetsThrough() async throws {
        let server = try RecordingServer { request in
            request.path == "/callback" ? .text("welcome back") : .text("no such page", status: 404)
        }
        defer { server.stop() }
        let port = server.port
        let attack = Attack()
        let attacking = Task { await Self.run(attack, port: port) }
        defer { attack.stopped.store(true, ordering: .relaxed) }
        // Every connection opened (beyond the limit, some wait in the backlog), then one more round of bytes.
        while attack.opened.load(ordering: .relaxed) < Self.attackers - 10 {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .seconds(1))

        let response = try await RawHTTPConnection.exchange(
            "GET /callback?code=42 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port,
            timeout: .seconds(5))
        attack.stopped.store(true, ordering: .relaxed)
        await attacking.value

        #expect(response?.status == 200, "no answer within 5 s under the attack")
        #expect(response?.text == "welcome back")
        #expect(server.targets.contains("/callback?code=42"))
    }
}
