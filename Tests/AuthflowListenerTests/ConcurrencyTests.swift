import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

@Suite("Concurrent connections")
struct ConcurrencyTests {
    private let client = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(60), proxy: .none))

    @Test("200 concurrent requests are all answered, each with its own response")
    func manyConcurrentRequests() async throws {
        let server = try LoopbackServer { request in .text("answer \(request.query ?? "")") }
        defer { server.stop() }
        let client = self.client

        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let response = try await client.send(HTTPRequest(url: server.url("/n?\(index)")))
                    return (index, response.status == 200 ? response.text : "status \(response.status)")
                }
            }
            var collected: [Int: String] = [:]
            for try await (index, text) in group { collected[index] = text }
            return collected
        }

        #expect(answers.count == 200)
        for index in 0..<200 {
            #expect(answers[index] == "answer \(index)")
        }
    }

    @Test("A stalled handler does not hold up other connections")
    func slowHandlerDoesNotBlock() async throws {
        let arrived = Gate()
        let release = Gate()
        let server = try LoopbackServer { request in
            if request.path == "/slow" {
                arrived.open()
                release.wait(timeout: .seconds(10))
            }
            return .text(request.path)
        }
        defer {
            release.open()
            server.stop()
        }
        let client = self.client

        let slow = Task { try await client.send(HTTPRequest(url: server.url("/slow"))) }
        #expect(await DetachedThread.value { arrived.wait(timeout: .seconds(60)) })
        let fast = try await client.send(HTTPRequest(url: server.url("/fast")))
        let slowStillRunning = !release.wait(timeout: .zero)
        release.open()
        let slowResponse = try await slow.value

        #expect(fast.text == "/fast")
        #expect(slowStillRunning)
        #expect(slowResponse.text == "/slow")
    }
}
