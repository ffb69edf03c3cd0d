import AuthflowBackend
import AuthflowCore
import AuthflowHTTP
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow oauth sign-in --device` (RFC 8628), the binary against the embedded backend alone: the backend's
/// stand-ins of GitHub's, Google's, Facebook's and an OIDC issuer's device endpoints, reached through the
/// documented overrides (`--device-endpoint-base`, `AUTHFLOW_DEVICE_ENDPOINT_BASE`, `--oidc-issuer`), and its
/// `signInWithIdp`, which takes each provider's token as production does. The person at the provider's page is
/// played by a test step (the backend's switch, or its emulator API).
@Suite("authflow oauth sign-in --device")
struct OAuthDeviceRouteTests {
    static let ada = EmbeddedBackend.DeviceAuthorizationUser(
        sub: "1001", email: "ada@example.com", name: "Ada Lovelace")

    /// The command line of a device sign-in with `provider` against `fixture`'s stand-ins.
    static func arguments(_ fixture: PhoneCLIFixture, provider: String, extra: [String]) -> [String] {
        ["oauth", "sign-in", "--provider", provider, "--device", "--device-endpoint-base", fixture.backend.baseURL]
            + extra
    }

    /// The same with the stand-ins named by `AUTHFLOW_DEVICE_ENDPOINT_BASE` in `environment` instead of the flag.
    static func arguments(provider: String, extra: [String]) -> [String] {
        ["oauth", "sign-in", "--provider", provider, "--device"] + extra
    }

    /// Runs a device sign-in to its end while `decide` plays the person, once the command has started an
    /// authorization at the stand-in and polled it at least `afterPolls` times.
    static func signIn(
        _ fixture: PhoneCLIFixture, provider: String, extra: [String] = [], environment: [String: String] = [:],
        afterPolls: Int = 1, endpointFlag: Bool = true,
        decide: @Sendable (EmbeddedBackend.DeviceAuthorization) async throws -> Void
    ) async throws -> (SubprocessResult, EmbeddedBackend.DeviceAuthorization) {
        let known = Set(fixture.backend.deviceAuthorizations.map(\.userCode))
        let arguments =
            endpointFlag
            ? arguments(fixture, provider: provider, extra: extra) : arguments(provider: provider, extra: extra)
        async let result = fixture.run(arguments, environment: environment)
        let authorization = try await Self.authorization(fixture.backend, excluding: known, polls: afterPolls)
        try await decide(authorization)
        return (try await result, authorization)
    }

    /// The authorization a command started (none of `known`), once it has been polled `polls` times. Gives up
    /// after a minute only so a broken build cannot hang the suite.
    static func authorization(
        _ backend: EmbeddedBackend, excluding known: Set<String> = [], polls: Int = 1
    ) async throws -> EmbeddedBackend.DeviceAuthorization {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let started = backend.deviceAuthorizations.last(where: { !known.contains($0.userCode) }),
                (backend.deviceAuthorizationPolls(userCode: started.userCode)?.count ?? 0) >= polls
            {
                return started
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("no device authorization was started and polled \(polls) times")
    }

    /// The signed-in result (the last line of `--json` output).
    static func result(_ run: SubprocessResult) throws -> [String: Any] {
        try jsonObject(try #require(run.stdoutText.split(separator: "\n").last))
    }

    static func user(_ object: [String: Any]) -> [String: Any] { object["user"] as? [String: Any] ?? [:] }
    static func provider(_ object: [String: Any]) -> [String: Any] { object["provider"] as? [String: Any] ?? [:] }

    /// The answers the stand-in gave the polls of `authorization`.
    static func answers(
        _ fixture: PhoneCLIFixture, _ authorization: EmbeddedBackend.DeviceAuthorization
    ) -> [EmbeddedBackend.DeviceAuthorizationPoll.Answer] {
        fixture.backend.deviceAuthorizationPolls(userCode: authorization.userCode)?.map(\.answer) ?? []
    }

    // MARK: One sign-in per provider row

    @Test("GitHub: pending, then approved; GitHub's access token goes to signInWithIdp and names the approver")
    func github() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let (run, authorization) = try await Self.signIn(
            fixture, provider: "github.com", extra: ["--json", "--show-provider-tokens"],
            environment: [
                "AUTHFLOW_GITHUB_DEVICE_CLIENT_ID": "Iv1.abc",
                "AUTHFLOW_DEVICE_ENDPOINT_BASE": fixture.backend.baseURL,
            ], endpointFlag: false
        ) { fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(Self.ada)) }

        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(authorization.providerID == "github.com" && authorization.clientID == "Iv1.abc")
        #expect(authorization.scope == "read:user user:email")
        let answers = Self.answers(fixture, authorization)
        #expect(answers.first == .pending && answers.last == .tokens, "\(answers)")
        let object = try Self.result(run)
        #expect(object["route"] as? String == "device")
        #expect(Self.user(object)["signInProvider"] as? String == "github.com")
        #expect(Self.user(object)["email"] as? String == "ada@example.com")
        let provider = Self.provider(object)
        #expect(provider["providerUserId"] as? String == "1001", "the stand-in's token resolved to its approver")
        #expect(provider["displayName"] as? String == "Ada Lovelace")
        #expect((provider["accessToken"] as? String)?.hasPrefix("gho_") == true, "\(provider)")
        #expect(provider["idToken"] == nil || provider["idToken"] is NSNull, "GitHub issues no ID token")
    }

    @Test("Google: the ID token signs in once its audience (the TV client) is safelisted; refused before, exit 1")
    func google() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let client = ["--google-device-client-id", "tv-client", "--google-device-client-secret", "tv-secret"]

        let (refused, _) = try await Self.signIn(fixture, provider: "google.com", extra: client) {
            fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(Self.ada))
        }
        #expect(refused.exitCode == 1, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("tv-client"), "\(refused.stderrText)")
        #expect(try fixture.sessions.load() == nil, "nothing was signed in")

        fixture.backend.allowDeviceClient("tv-client", for: "google.com")
        let (run, authorization) = try await Self.signIn(
            fixture, provider: "google.com", extra: client + ["--json", "--show-provider-tokens"]
        ) { fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(Self.ada)) }

        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(authorization.scope == "openid email profile")
        let object = try Self.result(run)
        #expect(Self.user(object)["signInProvider"] as? String == "google.com")
        #expect(Self.user(object)["emailVerified"] as? Bool == true)
        let provider = Self.provider(object)
        #expect(provider["providerUserId"] as? String == "1001")
        let idToken = try #require(provider["idToken"] as? String)
        let payload = try #require(idToken.split(separator: ".").dropFirst().first)
        let claims = try jsonObject(String(decoding: Base64.decodeLeniently(payload), as: UTF8.self))
        #expect(claims["aud"] as? String == "tv-client")
        for output in [run.stdoutText, run.stderrText, refused.stderrText] { #expect(!output.contains("tv-secret")) }
    }

    @Test("Facebook: APP_ID|CLIENT_TOKEN; approved through the emulator API; the access token signs in")
    func facebook() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let (run, authorization) = try await Self.signIn(
            fixture, provider: "facebook.com",
            extra: ["--facebook-app-id", "4242", "--facebook-client-token", "ctoken", "--json"]
        ) { authorization in
            var decision = JSONObject()
            decision["decision"] = "approve"
            decision["userCode"] = .string(authorization.userCode)
            decision["sub"] = "77"
            decision["email"] = "bo@example.com"
            try await Self.emulatorAPI(fixture, decision)
        }

        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(authorization.clientID == "4242", "the app ID of access_token=APP_ID|CLIENT_TOKEN")
        #expect(authorization.scope == "public_profile,email")
        let object = try Self.result(run)
        #expect(Self.user(object)["signInProvider"] as? String == "facebook.com")
        #expect(Self.provider(object)["providerUserId"] as? String == "77")
        #expect(Self.provider(object)["email"] as? String == "bo@example.com")
        #expect(!run.stdoutText.contains("ctoken") && !run.stderrText.contains("ctoken"))
    }

    @Test("OIDC: endpoints from the issuer's discovery document; the ID token's audience must be the provider's client")
    func oidc() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let issuer = fixture.backend.oidcIssuerStandIn
        try await Self.createOIDCProvider(fixture, id: "oidc.example", clientID: "device-app", issuer: issuer)

        let (refused, _) = try await Self.signIn(
            fixture, provider: "oidc.example", extra: ["--oidc-device-client-id", "other-app", "--oidc-issuer", issuer]
        ) { fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(Self.ada)) }
        #expect(refused.exitCode == 1, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("other-app"), "\(refused.stderrText)")

        let (run, authorization) = try await Self.signIn(
            fixture, provider: "oidc.example",
            extra: ["--oidc-device-client-id", "device-app", "--oidc-issuer", issuer, "--json"]
        ) { fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(Self.ada)) }

        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(authorization.providerID == "oidc" && authorization.clientID == "device-app")
        let object = try Self.result(run)
        #expect(Self.user(object)["signInProvider"] as? String == "oidc.example")
        #expect(Self.provider(object)["providerUserId"] as? String == "1001")
    }

    // MARK: Polling outcomes

    @Test("slow_down: the next poll comes at least 5 s later than the interval asked; then the sign-in completes")
    func slowDown() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let (run, authorization) = try await Self.signIn(
            fixture, provider: "github.com", extra: ["--github-device-client-id", "Iv1.abc"]
        ) { authorization in
            fixture.backend.decideDeviceAuthorization(userCode: authorization.userCode, .slowDown)
            // One poll hears slow_down, the next comes after the longer interval: then approve.
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                let polls = fixture.backend.deviceAuthorizationPolls(userCode: authorization.userCode) ?? []
                if let slow = polls.firstIndex(where: { $0.answer == .slowDown }), polls.count > slow + 1 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            fixture.backend.decideDeviceAuthorization(userCode: authorization.userCode, .approve(Self.ada))
        }

        #expect(run.exitCode == 0, "\(run.stderrText)")
        let polls = try #require(fixture.backend.deviceAuthorizationPolls(userCode: authorization.userCode))
        let slow = try #require(polls.firstIndex { $0.answer == .slowDown })
        #expect(polls.count > slow + 1, "\(polls)")
        let gaps = zip(polls, polls.dropFirst()).map { $1.time.timeIntervalSince($0.time) }
        // The stand-in advertised 1 s: every gap is at least that, the one after slow_down at least 1 + 5 s.
        #expect(gaps.allSatisfy { $0 >= 0.9 }, "\(gaps)")
        #expect(gaps[slow] >= 5.9, "\(gaps)")
        #expect(polls.last?.answer == .tokens)
    }

    @Test("access_denied ends with exit 1 (GitHub's error, and Facebook's declined subcode); nothing signed in")
    func denied() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let clients = [
            "github.com": ["--github-device-client-id", "Iv1.abc"],
            "facebook.com": ["--facebook-app-id", "4242", "--facebook-client-token", "ctoken"],
        ]
        for (provider, client) in clients {
            let (run, authorization) = try await Self.signIn(fixture, provider: provider, extra: client) {
                fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .deny)
            }
            #expect(run.exitCode == 1, "\(provider): \(run.stderrText)")
            #expect(run.stderrText.contains("declined at the provider"), "\(run.stderrText)")
            #expect(Self.answers(fixture, authorization).last == .denied)
        }
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("expired_token ends with exit 4; Facebook's expired subcode too")
    func expired() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let clients = [
            "google.com": ["--google-device-client-id", "tv-client", "--google-device-client-secret", "tv-secret"],
            "facebook.com": ["--facebook-app-id", "4242", "--facebook-client-token", "ctoken"],
        ]
        for (provider, client) in clients {
            let (run, authorization) = try await Self.signIn(fixture, provider: provider, extra: client) {
                fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .expire)
            }
            #expect(run.exitCode == 4, "\(provider): \(run.stderrText)")
            #expect(run.stderrText.contains("expired"), "\(run.stderrText)")
            #expect(Self.answers(fixture, authorization).last == .expired)
        }
    }

    @Test("Never approved: the polling stops before expires_in with exit 4")
    func pendingUntilExpiry() async throws {
        // Codes of 3 s polled every second: polls at about 1 s and 2 s; one at 3 s could only hear expired_token.
        let fixture = try PhoneCLIFixture(deviceInterval: 1, deviceCodeLifetime: 3)
        let (run, authorization) = try await Self.signIn(
            fixture, provider: "github.com", extra: ["--github-device-client-id", "Iv1.abc"]
        ) { _ in }

        #expect(run.exitCode == 4, "\(run.stderrText)")
        let answers = Self.answers(fixture, authorization)
        #expect(!answers.isEmpty && answers.count <= 2, "\(answers)")
        #expect(answers.allSatisfy { $0 == .pending }, "no poll after the codes expired: \(answers)")
    }

    @Test("Ctrl-C while waiting for the approval ends with 130 and signs nothing in")
    func interrupted() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        let command = try fixture.start(
            Self.arguments(fixture, provider: "github.com", extra: ["--github-device-client-id", "Iv1.abc"]))
        _ = try await Self.authorization(fixture.backend)
        command.send(signal: SIGINT)

        #expect(await command.finish() == .exited(130))
        #expect(try fixture.sessions.load() == nil, "nothing was signed in")
    }

    // MARK: --link and --reauth

    /// The OIDC-free pair: a Google account, then GitHub with another address, so only a link (not a sign-in
    /// matched by email) puts both providers on one account.
    @Test("--link adds GitHub to the Google user; --reauth with the same GitHub user succeeds, another is refused")
    func linkAndReauth() async throws {
        let fixture = try PhoneCLIFixture(deviceInterval: 1)
        fixture.backend.allowDeviceClient("tv-client", for: "google.com")
        let (first, _) = try await Self.signIn(
            fixture, provider: "google.com",
            extra: ["--google-device-client-id", "tv-client", "--google-device-client-secret", "tv-secret"]
        ) { fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(Self.ada)) }
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let localID = try #require(try fixture.sessions.load()?.uid)

        let github = ["--github-device-client-id", "Iv1.abc"]
        let mona = EmbeddedBackend.DeviceAuthorizationUser(sub: "4242", email: "mona@example.com", name: "Mona")
        let (linked, _) = try await Self.signIn(fixture, provider: "github.com", extra: github + ["--link", "--json"]) {
            fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(mona))
        }
        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        let providers = Self.user(try Self.result(linked))["providerIds"] as? [String] ?? []
        #expect(providers.contains("google.com") && providers.contains("github.com"), "\(linked.stdoutText)")
        #expect(try fixture.sessions.load()?.uid == localID)

        let (reauth, _) = try await Self.signIn(
            fixture, provider: "github.com", extra: github + ["--reauth", "--json"]
        ) {
            fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(mona))
        }
        #expect(reauth.exitCode == 0, "\(reauth.stderrText)")
        #expect(try Self.result(reauth)["purpose"] as? String == "reauthenticate")

        let stranger = EmbeddedBackend.DeviceAuthorizationUser(sub: "9999", email: "eve@example.com")
        let (mismatch, _) = try await Self.signIn(fixture, provider: "github.com", extra: github + ["--reauth"]) {
            fixture.backend.decideDeviceAuthorization(userCode: $0.userCode, .approve(stranger))
        }
        #expect(mismatch.exitCode != 0, "another GitHub user cannot reauthenticate this one")
        #expect(try fixture.sessions.load()?.uid == localID, "the session is still the linked user's")
    }

    // MARK: Refusals before any provider request

    @Test("Microsoft, Apple, Twitter and SAML: no device route; exit 2 names the route that works")
    func unsupported() async throws {
        let fixture = try PhoneCLIFixture()
        for (provider, route) in [
            ("apple.com", "--route web"), ("microsoft.com", "--route hosted"), ("twitter.com", "--route hosted"),
            ("saml.corp", "--route hosted"),
        ] {
            let result = try await fixture.run(["oauth", "sign-in", "--provider", provider, "--device"])
            #expect(result.exitCode == 2, "\(provider): \(result.stderrText)")
            #expect(result.stderrText.contains("has no device sign-in"), "\(result.stderrText)")
            #expect(result.stderrText.contains(route), "\(provider): \(result.stderrText)")
        }
        #expect(fixture.backend.deviceAuthorizations.isEmpty)
    }

    @Test("A missing device client is exit 2 naming its flag; a working-directory file cannot supply it")
    func missingClient() async throws {
        let fixture = try PhoneCLIFixture()
        try #"{"githubDeviceClientId": "Iv1.from-repo"}"#.write(
            toFile: fixture.directory.file("authflow.json"), atomically: true, encoding: .utf8)

        let result = try await fixture.run(
            Self.arguments(fixture, provider: "github.com", extra: []))

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("--github-device-client-id"), "\(result.stderrText)")
        #expect(result.stderrText.contains("ignored githubDeviceClientId"), "\(result.stderrText)")
        #expect(fixture.backend.deviceAuthorizations.isEmpty, "no authorization was started")
    }

    @Test("config show lists the device clients, the Google secret and the Facebook token masked")
    func configShowMasksSecrets() async throws {
        let result = try await AuthflowCommand.run(
            ["config", "show", "--json", "--offline"],
            environment: [
                "AUTHFLOW_GITHUB_DEVICE_CLIENT_ID": "Iv1.abc",
                "AUTHFLOW_GOOGLE_DEVICE_CLIENT_SECRET": "GOCSPX-verysecret",
                "AUTHFLOW_FACEBOOK_CLIENT_TOKEN": "fbclienttoken123",
            ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let values = try #require(try jsonObject(result.stdoutText)["values"] as? [String: Any])
        #expect((values["githubDeviceClientId"] as? [String: Any])?["value"] as? String == "Iv1.abc")
        #expect(values["googleDeviceClientSecret"] is [String: Any])
        #expect(!result.stdoutText.contains("GOCSPX-verysecret") && !result.stdoutText.contains("fbclienttoken123"))
    }

    // MARK: The backend over HTTP, as a separate emulator process would be driven

    /// `POST /emulator/v1/projects/<id>/deviceAuthorizations` with `body`.
    static func emulatorAPI(_ fixture: PhoneCLIFixture, _ body: JSONObject) async throws {
        let response = try await HTTPClient(configuration: HTTPClientConfiguration(proxy: .none)).send(
            HTTPRequest(
                method: .post,
                url: fixture.backend.baseURL
                    + "/emulator/v1/projects/\(fixture.backend.projectID)/deviceAuthorizations",
                headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: Array(JSONWriter.string(.object(body)).utf8)))
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    }

    /// Configures OIDC provider `id` through the Admin API, as `createProviderConfig` would.
    static func createOIDCProvider(
        _ fixture: PhoneCLIFixture, id: String, clientID: String, issuer: String
    ) async throws {
        var config = JSONObject()
        config["enabled"] = true
        config["displayName"] = "Corp SSO"
        config["issuer"] = .string(issuer)
        config["clientId"] = .string(clientID)
        config["responseType"] = ["idToken": true]
        let response = try await HTTPClient(configuration: HTTPClientConfiguration(proxy: .none)).send(
            HTTPRequest(
                method: .post,
                url: fixture.backend.baseURL + "/identitytoolkit.googleapis.com/v2/projects/"
                    + "\(fixture.backend.projectID)/oauthIdpConfigs?oauthIdpConfigId=\(id)",
                headers: [
                    HTTPHeader(name: "Authorization", value: "Bearer owner"),
                    HTTPHeader(name: "Content-Type", value: "application/json"),
                ],
                body: Array(JSONWriter.string(.object(config)).utf8)))
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    }
}
