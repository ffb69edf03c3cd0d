import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Network failures, unavailable backends and unusable replies are told apart")
struct TransportFailureTests {
    @Test("Connection refused is a network error, not a server refusal, and is not backend-unavailable")
    func refused() async throws {
        let closed = try ClosedPort()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: closed.port, retry: .none), http: loopbackHTTP()
        )

        let error = await expectFailure { try await client.send(SignUpRequest()) }
        withExtendedLifetime(closed) {}

        guard case .network(let underlying)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(underlying == .connectionRefused(host: "127.0.0.1"))
        #expect(error?.isBackendUnavailable == false)
        #expect(error?.serverError == nil)
        #expect(error?.description.hasPrefix("Could not reach Firebase Auth:") == true)
    }

    @Test("A connect timeout is a network error")
    func timeout() async throws {
        let listener = try UnresponsiveListener()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: listener.port, retry: .none),
            http: loopbackHTTP(connectTimeout: .seconds(1))
        )

        let error = await expectFailure { try await client.send(GetProjectConfigRequest()) }

        guard case .network(.timedOut(.connect, _))? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        withExtendedLifetime(listener) {}
    }

    @Test("A non-JSON 502 (a load balancer's HTML page) is unavailable, distinct from a refusal")
    func htmlBadGateway() async throws {
        let server = try RecordingServer { _ in
            .html(
                "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>Server Error</body></html>",
                status: 502)
        }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure {
            try await client.send(SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none))
        }

        guard case .unavailable(let status, let excerpt)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(status == 502)
        #expect(excerpt.contains("502 Bad Gateway"))
        #expect(error?.isBackendUnavailable == true)
        #expect(error?.description.contains("HTTP 502") == true)
    }

    @Test("A non-JSON 200 or 404 is malformed, keeping the status and an excerpt without long tokens")
    func notJSON() async throws {
        let token = String(repeating: "abcDEF123_", count: 6)
        let script = ReplyScript([.text("hello \(token) world", status: 200), .html("<h1>Not Found</h1>", status: 404)])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let ok = await expectFailure { try await client.send(SignUpRequest()) }
        let missing = await expectFailure { try await client.send(SignUpRequest()) }

        guard case .malformedResponse(let first)? = ok, case .malformedResponse(let second)? = missing else {
            Issue.record("got \(String(describing: ok)), \(String(describing: missing))")
            return
        }
        #expect(first.status == 200)
        #expect(first.problem == .notJSON)
        #expect(first.excerpt == "hello <redacted> world")
        #expect(second.status == 404)
        #expect(second.excerpt == "<h1>Not Found</h1>")
        #expect(ok?.isBackendUnavailable == false)
    }

    @Test("A 200 whose JSON is not an object, or has a wrongly typed required field, is malformed")
    func wrongShape() async throws {
        let script = ReplyScript([json(#"["sessionInfo"]"#), json(#"{"sessionInfo":42}"#)])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())
        let request = SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none)

        let array = await expectFailure { try await client.send(request) }
        let number = await expectFailure { try await client.send(request) }

        guard case .malformedResponse(let first)? = array, case .malformedResponse(let second)? = number else {
            Issue.record("got \(String(describing: array)), \(String(describing: number))")
            return
        }
        #expect(first.problem == .notJSONObject)
        #expect(first.excerpt == "")
        #expect(second.problem == .unexpectedValue(field: "sessionInfo"))
        #expect(second.excerpt == "{sessionInfo}")
    }

    @Test("A JSON error reply without an error object: malformed for 4xx, unavailable for 5xx")
    func jsonWithoutEnvelope() async throws {
        let script = ReplyScript([json(#"{"message":"nope"}"#, status: 400), json(#"{"oops":true}"#, status: 500)])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let bad = await expectFailure { try await client.send(SignUpRequest()) }
        let down = await expectFailure { try await client.send(SignUpRequest()) }

        guard case .malformedResponse(let malformed)? = bad else {
            Issue.record("got \(String(describing: bad))")
            return
        }
        #expect(malformed.excerpt == "{message}")
        guard case .unavailable(500, _)? = down else {
            Issue.record("got \(String(describing: down))")
            return
        }
    }
}
