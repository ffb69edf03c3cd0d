import AuthflowCore
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow oauth sign-in --device` (RFC 8628) against a stand-in of the providers' device endpoints
/// (``DeviceProviderStandIn``) and the embedded backend: each provider's request shapes and token, and every
/// polling outcome with its exit status.
@Suite("authflow oauth sign-in --device")
struct OAuthDeviceRouteTests {
    /// Runs `oauth sign-in --provider provider --device` against `standIn`.
    static func signIn(
        _ fixture: PhoneCLIFixture, _ standIn: DeviceProviderStandIn, provider: String, extra: [String] = [],
        environment: [String: String] = [:]
    ) async throws -> SubprocessResult {
        try await fixture.run(
            ["oauth", "sign-in", "--provider", provider, "--device", "--device-endpoint-base", standIn.base] + extra,
            environment: environment)
    }

    /// The form fields `request` sent, by name.
    static func fields(_ request: LoopbackRequest) -> [String: String] {
        let form = QueryParameters(form: String(decoding: request.body, as: UTF8.self))
        return Dictionary(form.pairs.map { ($0.name, $0.value) }) { first, _ in first }
    }

    static func claims(sub: String, email: String) -> String {
        JSONWriter.string(.object([("sub", .string(sub)), ("email", .string(email)), ("email_verified", .bool(true))]))
    }

    @Test("Google: the device code and token requests as documented; the ID token signs in; the event line comes first")
    func google() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(
            outcomes: [.pending, .approved(token: Self.claims(sub: "g-1", email: "ada@example.com"))])

        let result = try await Self.signIn(
            fixture, standIn, provider: "google.com",
            extra: ["--google-device-client-id", "tv-client", "--json"],
            environment: ["AUTHFLOW_GOOGLE_DEVICE_CLIENT_SECRET": "tv-secret"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        let event = try jsonObject(try #require(lines.first))
        #expect(event["event"] as? String == "device-authorization")
        #expect(event["userCode"] as? String == "GQVQ-JKEC")
        #expect(event["verificationUri"] as? String == "https://www.google.com/device")
        #expect(event["expiresIn"] as? Int == 60)
        let signedIn = try jsonObject(try #require(lines.last))
        #expect(signedIn["route"] as? String == "device")
        #expect((signedIn["user"] as? [String: Any])?["email"] as? String == "ada@example.com")
        #expect((signedIn["user"] as? [String: Any])?["signInProvider"] as? String == "google.com")

        let code = try #require(standIn.requests(to: "/oauth2.googleapis.com/device/code").first)
        #expect(code.method == "POST")
        #expect(Self.fields(code) == ["client_id": "tv-client", "scope": "openid email profile"])
        let polls = standIn.requests(to: "/oauth2.googleapis.com/token")
        #expect(polls.count == 2)
        #expect(
            Self.fields(try #require(polls.first)) == [
                "client_id": "tv-client", "client_secret": "tv-secret", "device_code": "google-device-code",
                "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
            ])
        #expect(!result.stderrText.contains("tv-secret") && !result.stdoutText.contains("tv-secret"))
    }

    @Test("OIDC: the issuer's discovery document names the endpoints; the ID token signs in")
    func oidc() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(
            outcomes: [.approved(token: Self.claims(sub: "o-1", email: "grace@example.com"))])

        let result = try await Self.signIn(
            fixture, standIn, provider: "oidc.example",
            extra: ["--oidc-device-client-id", "device-app", "--oidc-issuer", standIn.base + "/issuer", "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let event = try jsonObject(try #require(result.stdoutText.split(separator: "\n").first))
        #expect(event["verificationUriComplete"] as? String == "https://idp.example.com/device?user_code=OIDC-CODE")
        #expect(standIn.requests(to: "/issuer/.well-known/openid-configuration").count == 1)
        let code = try #require(standIn.requests(to: "/issuer/device").first)
        #expect(Self.fields(code)["client_id"] == "device-app")
        let poll = try #require(standIn.requests(to: "/issuer/token").first)
        #expect(Self.fields(poll)["device_code"] == "oidc-device-code")
    }

    @Test("GitHub: JSON asked for, client ID and scope sent; access_denied (HTTP 200) ends with exit 1")
    func githubDenied() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(outcomes: [.pending, .denied])

        let result = try await Self.signIn(
            fixture, standIn, provider: "github.com", environment: ["AUTHFLOW_GITHUB_DEVICE_CLIENT_ID": "Iv1.abc"])

        #expect(result.exitCode == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("declined"))
        #expect(
            result.stderrText.contains("WDJB-MJHT") && result.stderrText.contains("https://github.com/login/device"))
        let code = try #require(standIn.requests(to: "/github.com/login/device/code").first)
        #expect(code.header("Accept") == "application/json")
        #expect(Self.fields(code) == ["client_id": "Iv1.abc", "scope": "read:user user:email"])
        let polls = standIn.requests(to: "/github.com/login/oauth/access_token")
        #expect(polls.count == 2)
        #expect(polls.allSatisfy { $0.header("Accept") == "application/json" })
        #expect(
            Self.fields(try #require(polls.first)) == [
                "client_id": "Iv1.abc", "device_code": "github-device-code",
                "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
            ])
    }

    @Test("expired_token ends with exit 4")
    func expiredToken() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(outcomes: [.expired])

        let result = try await Self.signIn(
            fixture, standIn, provider: "github.com", extra: ["--github-device-client-id", "Iv1.abc"])

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(result.stderrText.contains("expired"))
    }

    @Test("slow_down adds 5 s to the interval, and no poll goes past expires_in")
    func slowDownAndExpiry() async throws {
        let fixture = try PhoneCLIFixture()
        // A poll after 1 s slows down to 6 s, past the codes' 4 s: no second poll, and the codes expire.
        let standIn = try DeviceProviderStandIn(outcomes: [.slowDown, .pending], expiresIn: 4, interval: 1)

        let result = try await Self.signIn(
            fixture, standIn, provider: "github.com", extra: ["--github-device-client-id", "Iv1.abc"])

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(standIn.requests(to: "/github.com/login/oauth/access_token").count == 1)
    }

    @Test("Always pending: the polling stops at expires_in with exit 4")
    func pendingUntilExpiry() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(outcomes: [.pending], expiresIn: 3, interval: 1)

        let result = try await Self.signIn(
            fixture, standIn, provider: "github.com", extra: ["--github-device-client-id", "Iv1.abc"])

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(standIn.requests(to: "/github.com/login/oauth/access_token").count == 2)
    }

    @Test("Facebook: APP_ID|CLIENT_TOKEN and the code; its error subcodes for pending and expired")
    func facebook() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(outcomes: [.pending, .expired])

        let result = try await Self.signIn(
            fixture, standIn, provider: "facebook.com",
            extra: ["--facebook-app-id", "1234", "--facebook-client-token", "ctoken"])

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(!result.stderrText.contains("ctoken"))
        let code = try #require(standIn.requests(to: "/graph.facebook.com/v2.6/device/login").first)
        #expect(
            Self.fields(code) == ["access_token": "1234|ctoken", "scope": "public_profile,email"])
        let polls = standIn.requests(to: "/graph.facebook.com/v2.6/device/login_status")
        #expect(polls.count == 2)
        #expect(
            Self.fields(try #require(polls.first)) == [
                "access_token": "1234|ctoken", "code": "facebook-device-code",
            ])
    }

    @Test("A provider with no device route into Firebase is refused with exit 2 and the route that works")
    func unsupported() async throws {
        let fixture = try PhoneCLIFixture()
        for (provider, route) in [("apple.com", "--route web"), ("microsoft.com", "--route hosted")] {
            let result = try await fixture.run(["oauth", "sign-in", "--provider", provider, "--device"])
            #expect(result.exitCode == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains("no device sign-in"), "\(result.stderrText)")
            #expect(result.stderrText.contains(route), "\(result.stderrText)")
        }
    }

    @Test("A missing device client is exit 2 naming its flag; a working-directory file cannot supply it")
    func missingClient() async throws {
        let fixture = try PhoneCLIFixture()
        try #"{"githubDeviceClientId": "Iv1.from-repo"}"#.write(
            toFile: fixture.directory.file("authflow.json"), atomically: true, encoding: .utf8)
        let standIn = try DeviceProviderStandIn(outcomes: [.pending])

        let result = try await Self.signIn(fixture, standIn, provider: "github.com")

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("--github-device-client-id"), "\(result.stderrText)")
        #expect(result.stderrText.contains("ignored githubDeviceClientId"), "\(result.stderrText)")
        #expect(standIn.recording.requests.isEmpty)
    }

    @Test("Ctrl-C while waiting for the approval ends with 130 and signs nothing in")
    func interrupted() async throws {
        let fixture = try PhoneCLIFixture()
        let standIn = try DeviceProviderStandIn(outcomes: [.pending], expiresIn: 20)
        let command = try InteractiveCommand(
            [
                "oauth", "sign-in", "--provider", "github.com", "--device", "--device-endpoint-base", standIn.base,
                "--github-device-client-id", "Iv1.abc", "--state-dir", fixture.stateRoot,
            ], environment: fixture.environment, workingDirectory: fixture.directory.path)
        _ = try await command.waitForStandardError { $0.contains("WDJB-MJHT") ? $0 : nil }
        command.send(signal: SIGINT)

        #expect(await command.finish() == .exited(130))
        let whoami = try await fixture.run(["whoami", "--json"])
        #expect(whoami.exitCode != 0, "nothing was signed in: \(whoami.stdoutText)")
    }

    /// The OIDC account's address differs from the Google one, so only a link (not a sign-in matched by email)
    /// puts both providers on one account.
    @Test("--link adds the device sign-in's provider to the signed-in user")
    func link() async throws {
        let fixture = try PhoneCLIFixture()
        let google = try DeviceProviderStandIn(
            outcomes: [.approved(token: Self.claims(sub: "g-7", email: "lin@example.com"))])
        let first = try await Self.signIn(
            fixture, google, provider: "google.com",
            extra: ["--google-device-client-id", "tv-client", "--google-device-client-secret", "tv-secret"])
        #expect(first.exitCode == 0, "\(first.stderrText)")

        let oidc = try DeviceProviderStandIn(
            outcomes: [.approved(token: Self.claims(sub: "o-7", email: "lin.work@example.com"))])
        let linked = try await Self.signIn(
            fixture, oidc, provider: "oidc.example",
            extra: [
                "--link", "--oidc-device-client-id", "device-app", "--oidc-issuer", oidc.base + "/issuer", "--json",
            ])

        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        let result = try jsonObject(try #require(linked.stdoutText.split(separator: "\n").last))
        let providers = (result["user"] as? [String: Any])?["providerIds"] as? [String] ?? []
        #expect(providers.contains("google.com") && providers.contains("oidc.example"), "\(linked.stdoutText)")
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
}
