import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

@Suite("Cancellation")
struct CancellationTests {
    @Test("Cancelling the task aborts an in-flight request with .cancelled, well before the server answers")
    func cancelInFlight() async throws {
        let arrived = Gate()
        let release = Gate()
        let answered = Gate()
        let server = try LoopbackServer { _ in
            arrived.open()
            release.wait(timeout: .seconds(60))
            answered.open()
            return .text("too late")
        }
        defer {
            release.open()
            server.stop()
        }
        let client = makeClient(totalTimeout: .seconds(120))

        let task = Task { await capturedError { try await client.send(HTTPRequest(url: server.url("/slow"))) } }
        // Wait (off the cooperative pool) until the request is really in flight.
        let inFlight = await DetachedThread.value { arrived.wait(timeout: .seconds(60)) }
        task.cancel()
        let error = await task.value

        #expect(inFlight)
        #expect(error == .cancelled)
        #expect(!answered.wait(timeout: .zero), "the request ended only when the server answered")
    }

    @Test("A task cancelled before sending fails at once without contacting the server")
    func cancelledBeforeStart() async throws {
        let server = try RecordingServer(replying: "hi")
        defer { server.stop() }
        let url = server.url("/")

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await capturedError { try await makeClient().send(HTTPRequest(url: url)) }
        }

        #expect(await task.value == .cancelled)
        #expect(server.targets.isEmpty)
    }
}
