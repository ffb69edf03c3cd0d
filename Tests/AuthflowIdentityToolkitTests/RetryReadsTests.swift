import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Synchronization
import Testing

@Suite("Retries: every idempotent read, Retry-After, and one time limit for the whole call")
struct RetryReadsTests {
    @Test("accounts:lookup and createAuthUri are reads: marked safe, and retried on 503")
    func postReadsRetried() async throws {
        #expect(Endpoint.lookup.isSafeToRetry)
        #expect(Endpoint.createAuthUri.isSafeToRetry)
        let server = try RecordingServer { _ in RetryTests.unavailable }
        defer { server.stop() }
        let sleeps = SleepRecorder()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: sleeps.policy()), http: loopbackHTTP())

        let lookup = await expectFailure { try await client.send(LookupRequest(idToken: "id-token-value")) }
        #expect(lookup?.isBackendUnavailable == true)
        #expect(server.requests.count == 3)
        let methods = await expectFailure { try await client.send(CreateAuthUriRequest(identifier: "a@example.com")) }
        #expect(methods?.isBackendUnavailable == true)
        #expect(server.requests.count == 6)
        #expect(sleeps.recorded.count == 4)
    }

    @Test("A Retry-After longer than the backoff is waited out, up to the policy's cap")
    func retryAfterHonoured() async throws {
        var asked = RetryTests.unavailable
        asked.headers.append(HTTPHeader(name: "Retry-After", value: "3"))
        var greedy = RetryTests.unavailable
        greedy.headers.append(HTTPHeader(name: "Retry-After", value: "86400"))
        let script = ReplyScript([asked, greedy, json(#"{"recaptchaSiteKey":"k"}"#)])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let sleeps = SleepRecorder()
        // The recorded waits (13 s) count against the call's time limit although they take no time: a limit far
        // above them keeps a loaded machine's real seconds from deciding the outcome.
        let http = HTTPClient(
            configuration: HTTPClientConfiguration(
                connectTimeout: .seconds(5), totalTimeout: .seconds(300), proxy: .none))
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: sleeps.policy()), http: http)

        let response = try await client.send(GetRecaptchaParamsRequest())

        #expect(response.recaptchaSiteKey == "k")
        #expect(sleeps.recorded == [.seconds(3), RetryPolicy.default.retryAfterLimit])
    }

    @Test("The HTTP time limit bounds the whole call: a hanging server gets one attempt, not one per retry")
    func overallLimit() async throws {
        let hanging = try UnresponsiveListener()
        let attempts = Mutex(0)
        let http = HTTPClient(
            configuration: HTTPClientConfiguration(
                connectTimeout: .seconds(1), totalTimeout: .seconds(1), proxy: .none))
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: hanging.port, retry: SleepRecorder().policy(maxAttempts: 3)),
            http: http, observer: { _ in attempts.withLock { $0 += 1 } })

        let error = await expectFailure { try await client.send(GetProjectConfigRequest()) }
        withExtendedLifetime(hanging) {}

        guard case .network(.timedOut(_, _))? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(attempts.withLock { $0 } == 1)
    }
}
