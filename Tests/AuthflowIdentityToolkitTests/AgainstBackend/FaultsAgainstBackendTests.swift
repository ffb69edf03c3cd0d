import AuthflowBackend
import AuthflowHTTP
import AuthflowIdentityToolkit
import Testing

@Suite("Against the embedded backend: injected faults, retries and an unreachable backend")
struct FaultsAgainstBackendTests {
    static let unavailable = BackendFault.status(
        503, body: #"{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}"#
    )

    @Test("A 503 on GET projects is retried once and the call succeeds")
    func readIsRetried() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setFault(Self.unavailable, for: "projects", times: 1)

        let config = try await live.send(GetProjectConfigRequest())

        #expect(config.authorizedDomains == ["localhost"])
        #expect(live.exchanges.attempts(.getProjectConfig) == 2)
        #expect(live.exchanges.all.map(\.attempt) == [1, 2])
        #expect(live.sleeps.recorded.count == 1)
    }

    @Test("A 503 on every attempt gives up after the policy's attempts with a backend-unavailable error")
    func readGivesUp() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setFault(.status(503, body: "<html>Service Unavailable</html>"), for: "projects")

        let error = await expectFailure { try await live.send(GetProjectConfigRequest()) }

        guard case .unavailable(let status, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(status == 503)
        #expect(error?.isBackendUnavailable == true)
        #expect(live.exchanges.attempts(.getProjectConfig) == 3)
    }

    @Test("The token refresh is retried after a 503 too, since a refresh token can be used again")
    func refreshIsRetried() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")
        live.backend.setFault(Self.unavailable, for: "token", times: 1)

        let reply = try await live.send(SecureTokenRequest(refreshToken: user.refreshToken))

        #expect(reply.userID == user.localId)
        #expect(live.exchanges.attempts(.refreshToken) == 2)
    }

    @Test(
        "A 503 on sendVerificationCode is not retried: no code was issued behind the client's back, the next send issues one"
    )
    func smsIsNotRetried() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setFault(Self.unavailable, for: "accounts:sendVerificationCode", times: 1)

        let error = await expectFailure {
            try await live.send(SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none))
        }

        // Had the client retried, the fault (armed once) would have let the second attempt issue a code.
        #expect(live.exchanges.attempts(.sendVerificationCode) == 1)
        #expect(live.sleeps.recorded.isEmpty)
        #expect(live.backend.verificationCodes.count == 0)
        #expect(error?.isBackendUnavailable == true)
        #expect(error?.serverError?.category == .serverUnavailable)

        let sent = try await live.send(SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none))
        #expect(live.backend.verificationCodes.count == 1)
        #expect(live.backend.verificationCodes.first?.sessionInfo == sent.sessionInfo)
    }

    @Test("A reply that is not JSON at all is .malformedResponse, not retried")
    func malformedJSON() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setFault(.malformedJSON, for: "projects", times: 1)

        let error = await expectFailure { try await live.send(GetProjectConfigRequest()) }

        guard case .malformedResponse(let reply)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reply.status == 200)
        #expect(reply.problem == .notJSON)
        #expect(live.exchanges.attempts(.getProjectConfig) == 1)
    }

    @Test("A truncated sign-in reply is .malformedResponse and shows no token from it or from the request")
    func truncatedJSON() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        let user = try await live.signUp(email: "ada@example.com")
        live.backend.setFault(.truncatedJSON, for: "token", times: 1)

        let error = await expectFailure { try await live.send(SecureTokenRequest(refreshToken: user.refreshToken)) }

        guard case .malformedResponse(let reply)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reply.status == 200)
        let description = error?.description ?? ""
        #expect(!description.contains(user.refreshToken))
        // The reply began with a fresh ID token; no piece of its payload may reach the description.
        #expect(!description.contains("eyJ"), "\(description)")
        #expect(live.exchanges.attempts(.refreshToken) == 1)
    }

    @Test("A stopped backend is .network, for reads after their retries and for writes at once")
    func stoppedBackend() async throws {
        // Stop a backend, then hold its port so no server another test starts meanwhile can answer there
        // (and this test's connections cannot disturb that server). Should the port be taken in the instant
        // between, try again with a fresh backend.
        var stopped: (live: LiveBackend, hold: HeldPort)?
        for _ in 0..<5 where stopped == nil {
            let candidate = try LiveBackend()
            candidate.stop()
            if let hold = HeldPort(candidate.backend.port) { stopped = (candidate, hold) }
        }
        let (live, hold) = try #require(stopped)
        defer { hold.release() }

        let read = await expectFailure { try await live.send(GetProjectConfigRequest()) }
        let write = await expectFailure {
            try await live.send(SignInWithPasswordRequest(email: "ada@example.com", password: "secret-password"))
        }

        guard case .network(let readError)? = read, case .network? = write else {
            Issue.record("got \(String(describing: read)) and \(String(describing: write))")
            return
        }
        guard case .connectionRefused = readError else {
            Issue.record("got \(readError)")
            return
        }
        #expect(read?.description.hasPrefix("Could not reach Firebase Auth") == true)
        #expect(write?.description.contains("secret-password") == false)
        #expect(live.exchanges.attempts(.getProjectConfig) == 3)
        #expect(live.exchanges.attempts(.signInWithPassword) == 1)
    }
}
