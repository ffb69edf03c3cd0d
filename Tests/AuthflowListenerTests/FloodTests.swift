import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Synchronization
import Testing

/// Junk must not crowd out the one request that matters: the browser's redirect back.
@Suite("Flood of junk requests")
struct FloodTests {
    private enum Junk: CaseIterable {
        case strayPath, foreignHost, garbage
    }

    private final class Counter: Sendable {
        private let count = Atomic<Int>(0)
        func increment() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Statuses per kind of junk (0 when no response came back), and how many connections never closed.
    private struct JunkResult: Sendable {
        var foreignHostStatuses: [Int] = []
        var strayStatuses: [Int] = []
        var garbageStatuses: [Int] = []
        var stillOpen = 0
    }

    @Test("2000 junk requests from 8 concurrent tasks: a valid request made meanwhile is answered by the handler")
    func validRequestSurvivesFlood() async throws {
        let server = try RecordingServer { request in
            request.path == "/callback"
                ? .text("welcome back \(request.query ?? "")") : .text("no such page", status: 404)
        }
        defer { server.stop() }
        let port = server.port
        let sentJunk = Counter()
        let tasks = 8
        let perTask = 250

        async let junk: [JunkResult] = withThrowingTaskGroup(of: JunkResult.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var result = JunkResult()
                    for index in 0..<perTask {
                        let kind = Junk.allCases[(task + index) % Junk.allCases.count]
                        let (status, closed) = try await Self.sendJunk(kind, number: task * perTask + index, port: port)
                        sentJunk.increment()
                        if !closed { result.stillOpen += 1 }
                        switch kind {
                        case .strayPath: result.strayStatuses.append(status)
                        case .foreignHost: result.foreignHostStatuses.append(status)
                        case .garbage: result.garbageStatuses.append(status)
                        }
                    }
                    return result
                }
            }
            var all: [JunkResult] = []
            for try await result in group { all.append(result) }
            return all
        }

        while sentJunk.value < 100 { try await Task.sleep(for: .milliseconds(5)) }
        let client = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(60), proxy: .none))
        let valid = try await client.send(HTTPRequest(url: server.url("/callback?code=42")))
        let junkSentBeforeAnswer = sentJunk.value
        let results = try await junk

        #expect(valid.status == 200)
        #expect(valid.text == "welcome back code=42")
        #expect(junkSentBeforeAnswer < tasks * perTask, "the valid request was answered only after the flood ended")
        let stray = results.flatMap(\.strayStatuses)
        let foreign = results.flatMap(\.foreignHostStatuses)
        let garbage = results.flatMap(\.garbageStatuses)
        #expect(stray.count + foreign.count + garbage.count == tasks * perTask)
        #expect(stray.allSatisfy { $0 == 404 })
        #expect(foreign.allSatisfy { $0 == 400 })
        #expect(garbage.allSatisfy { $0 == 400 || $0 == 0 }, "garbage got \(Set(garbage))")
        #expect(results.map(\.stillOpen).reduce(0, +) == 0)
        // Only the valid request and the stray paths (which had a good Host) reached the handler.
        let reached = server.targets
        #expect(reached.filter { $0 == "/callback?code=42" }.count == 1)
        #expect(reached.count == stray.count + 1)
    }

    /// Sends one junk request; returns its status (0 when none came back) and whether the server closed.
    private static func sendJunk(_ kind: Junk, number: Int, port: UInt16) async throws -> (status: Int, closed: Bool) {
        let connection = try await RawHTTPConnection(port: port)
        switch kind {
        case .strayPath:
            try await connection.send(
                "GET /stray/\(number) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        case .foreignHost:
            try await connection.send(
                "GET /callback?code=evil HTTP/1.1\r\nHost: rebind\(number).example:\(port)\r\nConnection: close\r\n\r\n"
            )
        case .garbage:
            let noise = (0..<(16 + number % 200)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ number) }
            try await connection.send(number % 2 == 0 ? noise : Array("\(number) nonsense\r\n\r\n".utf8))
            connection.finishSending()
        }
        let (bytes, outcome) = try await connection.readUntilClosed(within: .seconds(60))
        return (RawHTTPResponse.parse(bytes)?.status ?? 0, outcome == .closed)
    }
}
