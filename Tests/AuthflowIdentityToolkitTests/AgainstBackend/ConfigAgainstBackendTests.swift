import AuthflowBackend
import AuthflowIdentityToolkit
import Testing

@Suite("Against the embedded backend: project and reCAPTCHA configuration")
struct ConfigAgainstBackendTests {
    @Test("GET v1 projects decodes the emulator's fixed reply")
    func projectConfig() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let config = try await live.send(GetProjectConfigRequest())

        #expect(config.projectId == "12345")
        #expect(config.authorizedDomains == ["localhost"])
        #expect(live.exchanges.attempts(.getProjectConfig) == 1)
    }

    @Test("GET v1 recaptchaParams decodes the obviously fake site key and stoken")
    func recaptchaParams() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let params = try await live.send(GetRecaptchaParamsRequest())

        #expect(params.recaptchaSiteKey == "Fake-key__Do-not-send-this-to-Recaptcha_")
        #expect(params.recaptchaStoken?.hasPrefix("This-is-a-fake-token__") == true)
    }

    @Test(
        "GET v2 recaptchaConfig: the emulator's 501 becomes a typed not-implemented refusal, sent once",
        arguments: RecaptchaClientType.allCases)
    func recaptchaConfigNotImplemented(clientType: RecaptchaClientType) async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let error = await expectServerError(.notImplemented) {
            try await live.send(GetRecaptchaConfigRequest(clientType: clientType))
        }

        #expect(error?.httpStatus == 501)
        #expect(error?.status == "NOT_IMPLEMENTED")
        #expect(error?.category == .unsupported)
        #expect(error?.rawMessage == "identitytoolkit.getRecaptchaConfig is not implemented in the Auth Emulator.")
        #expect(error?.message.hasPrefix(ServerErrorCode.notImplemented.userMessage) == true)
        // 501 means "not here", not "try later": a read that is otherwise retried is sent once.
        #expect(live.exchanges.attempts(.getRecaptchaConfig) == 1)
        #expect(live.sleeps.recorded.isEmpty)
    }

    @Test(
        "Every loopback host the backend advertises works as the client's emulator host, and links name it",
        arguments: [
            ("127.0.0.1", "127.0.0.1"), ("localhost", "localhost"), ("::1", "[::1]"),
        ])
    func loopbackHosts(host: String, linkHost: String) async throws {
        let live = try LiveBackend(host: host)
        defer { live.stop() }

        let config = try await live.send(GetProjectConfigRequest())
        _ = try await live.send(
            SendOobCodeRequest(
                kind: .emailSignIn(email: "ada@example.com"),
                settings: .emailSignIn(continueUrl: "https://example.com/")))

        #expect(live.backend.hostAndPort == "\(linkHost):\(live.backend.port)")
        #expect(config.projectId == "12345")
        #expect(
            live.backend.oobCodes.first?.oobLink.hasPrefix(
                "http://\(linkHost):\(live.backend.port)/emulator/action?mode=signIn&") == true)
    }

    @Test("A configured tenant reaches the backend: the account is the tenant's and its ID token names the tenant")
    func tenantServed() async throws {
        let live = try LiveBackend(tenantID: "tenant-1")
        defer { live.stop() }

        let reply = try await live.send(SignUpRequest(email: "ada@example.com", password: "secret-password"))

        let idToken = try #require(reply.signInFields.idToken)
        #expect(try JWTClaims(idToken).firebase["tenant"] as? String == "tenant-1")
        #expect(live.backend.accounts.isEmpty)
        #expect(live.backend.accounts(tenantID: "tenant-1").map(\.email) == ["ada@example.com"])
        #expect(live.backend.accounts(tenantID: "tenant-1").first?.tenantID == "tenant-1")
    }
}
