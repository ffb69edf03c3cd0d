import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Synchronization
import Testing

@Suite("Retries: only for safe calls, only for transient failures")
struct RetryTests {
    static let unavailable = json(
        #"{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}"#, status: 503
    )

    @Test("A GET answered 503 twice, then 200, succeeds after three requests and two jittered waits")
    func getRecovers() async throws {
        let script = ReplyScript([
            Self.unavailable, .html("<p>bad gateway</p>", status: 503), json(#"{"recaptchaSiteKey":"k"}"#),
        ])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let sleeps = SleepRecorder()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: sleeps.policy(base: .milliseconds(100))),
            http: loopbackHTTP()
        )

        let response = try await client.send(GetRecaptchaParamsRequest())

        #expect(response.recaptchaSiteKey == "k")
        #expect(server.targets.count == 3)
        #expect(sleeps.recorded == [.milliseconds(100), .milliseconds(200)])
    }

    @Test("sendVerificationCode answered 503 is sent exactly once, even with retries configured")
    func smsNeverRetried() async throws {
        let server = try RecordingServer { _ in Self.unavailable }
        defer { server.stop() }
        let sleeps = SleepRecorder()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: sleeps.policy(maxAttempts: 5)),
            http: loopbackHTTP()
        )

        let error = await expectFailure {
            try await client.send(SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none))
        }

        #expect(error?.isBackendUnavailable == true)
        #expect(server.requests.count == 1)
        #expect(sleeps.recorded.isEmpty)
    }

    @Test(
        "Email and MFA-start calls are never retried either",
        arguments: [
            Endpoint.sendOobCode, .startMFASignIn, .startMFAEnrollment, .signInWithIdp, .signUp, .updateAccount,
        ])
    func unsafeEndpoints(endpoint: Endpoint) {
        #expect(!endpoint.isSafeToRetry)
        #expect(endpoint.method == .post)
    }

    @Test("Only GETs and the token refresh are marked safe")
    func safeEndpoints() {
        #expect(Endpoint.getProjectConfig.isSafeToRetry)
        #expect(Endpoint.getRecaptchaParams.isSafeToRetry)
        #expect(Endpoint.getRecaptchaConfig.isSafeToRetry)
        #expect(Endpoint.refreshToken.isSafeToRetry)
        #expect(SendOobCodeRequest.endpoint == .sendOobCode)
        #expect(SecureTokenRequest.endpoint == .refreshToken)
    }

    @Test("A 400 on a GET is final: one request, no wait")
    func clientErrorNotRetried() async throws {
        let server = try RecordingServer { _ in errorEnvelope("INVALID_TENANT_ID") }
        defer { server.stop() }
        let sleeps = SleepRecorder()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: sleeps.policy()), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(GetRecaptchaConfigRequest(clientType: .web)) }

        #expect(error?.serverError?.code == .invalidTenantID)
        #expect(server.requests.count == 1)
        #expect(sleeps.recorded.isEmpty)
    }

    @Test("501 (the emulator lacking a feature) is final too")
    func notImplementedNotRetried() async throws {
        let server = try RecordingServer { _ in
            json(
                #"{"error":{"code":501,"message":"recaptchaConfig is not yet supported.","status":"NOT_IMPLEMENTED"}}"#,
                status: 501)
        }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(GetRecaptchaConfigRequest(clientType: .web)) }

        #expect(error?.serverError?.code == .notImplemented)
        #expect(server.requests.count == 1)
    }

    @Test("429 on the token refresh is retried until attempts run out, then reported")
    func refreshRateLimited() async throws {
        let server = try RecordingServer { _ in
            json(#"{"error":{"code":429,"message":"TOO_MANY_ATTEMPTS_TRY_LATER"}}"#, status: 429)
        }
        defer { server.stop() }
        let sleeps = SleepRecorder()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: sleeps.policy(maxAttempts: 4)),
            http: loopbackHTTP())

        let error = await expectFailure { try await client.send(SecureTokenRequest(refreshToken: "r")) }

        #expect(error?.serverError?.code == .tooManyAttemptsTryLater)
        #expect(server.requests.count == 4)
        #expect(sleeps.recorded.count == 3)
    }

    @Test("Network failures on a GET are retried, then reported as network errors")
    func networkRetried() async throws {
        let closed = try ClosedPort()
        let sleeps = SleepRecorder()
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: closed.port, retry: sleeps.policy()), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(GetProjectConfigRequest()) }
        withExtendedLifetime(closed) {}

        guard case .network(.connectionRefused)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(sleeps.recorded.count == 2)
    }

    @Test("Backoff doubles from the base, is capped, and is drawn between zero and the ceiling")
    func backoff() {
        let top = SleepRecorder().policy(maxAttempts: 10, base: .milliseconds(250), cap: .seconds(1)) { $0.upperBound }
        let bottom = SleepRecorder().policy(maxAttempts: 10, base: .milliseconds(250), cap: .seconds(1)) {
            $0.lowerBound
        }
        let middle = SleepRecorder().policy(maxAttempts: 10, base: .milliseconds(250), cap: .seconds(1)) {
            ($0.lowerBound + $0.upperBound) / 2
        }
        let wild = SleepRecorder().policy(maxAttempts: 10, base: .milliseconds(250), cap: .seconds(1)) { _ in 99 }

        #expect(
            (1...5).map(top.delay(beforeRetry:)) == [
                .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(1), .seconds(1),
            ])
        #expect((1...5).map(bottom.delay(beforeRetry:)) == Array(repeating: .zero, count: 5))
        #expect(
            (1...3).map(middle.delay(beforeRetry:)) == [.milliseconds(125), .milliseconds(250), .milliseconds(500)])
        #expect(wild.delay(beforeRetry: 1) == .milliseconds(250))
        #expect(top.ceiling(beforeRetry: 40) == .seconds(1))
        #expect(RetryPolicy.default.ceiling(beforeRetry: 1) == .milliseconds(500))
        #expect(RetryPolicy.none.maxAttempts == 1)
    }

    @Test("The default random draw stays within the ceiling")
    func realJitter() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(300), maxDelay: .seconds(2))
        for _ in 0..<200 {
            let delay = policy.delay(beforeRetry: 2)
            #expect(delay >= .zero && delay <= .milliseconds(600))
        }
    }

    @Test("Cancelling during the wait stops retrying and reports cancellation")
    func cancellationStops() async throws {
        let server = try RecordingServer { _ in Self.unavailable }
        defer { server.stop() }
        let started = AsyncStream<Void>.makeStream()
        // A wait that fits the call's time limit (a longer one would not be started at all), with room for a
        // slow first attempt on a loaded machine.
        let policy = RetryPolicy(
            maxAttempts: 5, baseDelay: .seconds(8), maxDelay: .seconds(8),
            sleep: { duration in
                started.continuation.yield()
                try await Task.sleep(for: duration)
            }, random: { $0.upperBound })
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: policy), http: loopbackHTTP())

        let task = Task {
            let error = await expectFailure { try await client.send(GetProjectConfigRequest()) }
            // Ends the wait below even when no retry wait was started.
            started.continuation.finish()
            return error
        }
        var waits = started.stream.makeAsyncIterator()
        guard await waits.next() != nil else {
            Issue.record("the call ended without waiting to retry: \(String(describing: await task.value))")
            return
        }
        task.cancel()
        let error = await task.value

        guard case .network(.cancelled)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(server.requests.count == 1)
    }

    @Test("A sleep that throws ends the call as cancelled")
    func throwingSleep() async throws {
        let server = try RecordingServer { _ in Self.unavailable }
        defer { server.stop() }
        let policy = RetryPolicy(
            maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1),
            sleep: { _ in
                throw CancellationError()
            })
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, retry: policy), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(GetProjectConfigRequest()) }

        guard case .network(.cancelled)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(server.requests.count == 1)
    }
}
