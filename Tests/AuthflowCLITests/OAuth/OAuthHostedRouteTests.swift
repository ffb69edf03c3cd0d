import AuthflowBackend
import AuthflowCore
import AuthflowDemo
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow oauth sign-in` through the backend's IdP widget (the hosted route), its custom-scheme answer handed
/// back through `authflow handle-url`, for every provider family; the provider profile and tokens; --link,
/// `whoami` and `oauth unlink`.
@Suite("authflow oauth sign-in: hosted handler")
struct OAuthHostedRouteTests {
    static let scheme = "com.googleusercontent.apps.123-abc"
    static let iosApp = ["--client-id", "123-abc.apps.googleusercontent.com", "--ios-bundle-id", "com.example.app"]

    /// A scripted browser (``ScriptedPageBrowser``) that answers the widget with the claims in
    /// $AUTHFLOW_IDP_CLAIMS (already percent-encoded), as the page's form does for a chosen account.
    static func installBrowser(in fixture: PhoneCLIFixture) throws -> String {
        try ScriptedPageBrowser.install(
            at: fixture.directory.file("browser"), page: "/emulator/auth/handler", marker: "Add new account",
            answer: "/emulator/auth/handler/select?$query&id_token=$AUTHFLOW_IDP_CLAIMS")
    }

    static func environment(_ claims: String) -> [String: String] {
        [
            "AUTHFLOW_BINARY": AuthflowCommand.binaryPath,
            "AUTHFLOW_IDP_CLAIMS": claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "",
        ]
    }

    static func claims(sub: String, email: String?, verified: Bool = true, name: String? = nil) -> String {
        var fields: [(String, JSONValue)] = [("sub", .string(sub))]
        if let email { fields += [("email", .string(email)), ("email_verified", .bool(verified))] }
        if let name { fields.append(("name", .string(name))) }
        fields.append(("picture", .string("https://avatars.example.com/\(sub).png")))
        return JSONWriter.string(.object(fields))
    }

    /// Runs `oauth sign-in --provider provider` answered with `claims`.
    static func signIn(
        _ fixture: PhoneCLIFixture, provider: String, claims: String, extra: [String] = []
    ) async throws -> SubprocessResult {
        let browser = try installBrowser(in: fixture)
        return try await fixture.run(
            ["oauth", "sign-in", "--provider", provider, "--browser", browser] + extra + iosApp,
            environment: environment(claims))
    }

    @Test(
        "GitHub: the handler URL carries the provider, scopes and custom parameters; the profile is reported, tokens only on request"
    )
    func github() async throws {
        let fixture = try PhoneCLIFixture()
        let claims = Self.claims(sub: "4242", email: "mona@example.com", name: "Mona Octocat")

        let result = try await Self.signIn(
            fixture, provider: "github.com", claims: claims,
            extra: [
                "--scopes", "read:user,repo", "--custom-parameter", "login=mona", "--custom-parameter",
                "allow_signup=false", "--json",
            ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["route"] as? String == "hosted")
        #expect((object["user"] as? [String: Any])?["signInProvider"] as? String == "github.com")
        let provider = try #require(object["provider"] as? [String: Any])
        #expect(provider["providerId"] as? String == "github.com")
        #expect(provider["providerUserId"] as? String == "4242")
        #expect(provider["email"] as? String == "mona@example.com")
        #expect(provider["displayName"] as? String == "Mona Octocat")
        #expect(provider["photoUrl"] as? String == "https://avatars.example.com/4242.png")
        #expect((provider["rawUserInfo"] as? [String: Any])?["sub"] as? String == "4242")
        #expect(provider["accessToken"] == nil && provider["idToken"] == nil, "no provider token without the flag")
        #expect(!result.stdoutText.contains("FirebaseAuthEmulatorFakeAccessToken"))

        let opened = try String(contentsOfFile: fixture.directory.file("browser") + ".url", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(opened.hasPrefix("http://\(fixture.backend.hostAndPort)/emulator/auth/handler?apiKey="))
        let parameters = QueryParameters(url: opened)
        #expect(
            parameters.pairs.map(\.name) == [
                "apiKey", "authType", "ibi", "sessionId", "v", "eventId", "providerId", "clientId", "scopes",
                "customParameters",
            ])
        #expect(parameters.value("providerId") == "github.com")
        #expect(parameters.value("authType") == "signInWithRedirect")
        #expect(parameters.value("scopes") == "read:user,repo")
        #expect(parameters.value("customParameters") == #"{"allow_signup":"false","login":"mona"}"#)
        #expect(try fixture.sessions.load()?.email == "mona@example.com")
    }

    @Test("--show-provider-tokens prints the provider's access token and ID token, and only then")
    func providerTokens() async throws {
        let fixture = try PhoneCLIFixture()
        let claims = Self.claims(sub: "77", email: "tok@example.com")

        let result = try await Self.signIn(
            fixture, provider: "github.com", claims: claims, extra: ["--show-provider-tokens"])
        let json = try await Self.signIn(
            fixture, provider: "github.com", claims: claims, extra: ["--show-provider-tokens", "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Provider access token: FirebaseAuthEmulatorFakeAccessToken_github.com"))
        #expect(result.stdoutText.contains("Provider ID token: {"))
        #expect(result.stdoutText.contains("From github.com: email tok@example.com, user ID 77"))
        let provider = try #require(try jsonObject(json.stdoutText)["provider"] as? [String: Any])
        #expect(provider["accessToken"] as? String == "FirebaseAuthEmulatorFakeAccessToken_github.com")
        #expect((provider["idToken"] as? String)?.contains(#""sub":"77""#) == true)
        #expect(!result.stderrText.contains("FirebaseAuthEmulatorFakeAccessToken"), "nothing secret on standard error")
    }

    @Test(
        "Every provider family signs in through the hosted route and the session names it",
        arguments: [
            "google.com", "microsoft.com", "yahoo.com", "twitter.com", "facebook.com", "apple.com", "oidc.okta",
            "saml.acme-idp",
        ])
    func family(provider: String) async throws {
        let fixture = try PhoneCLIFixture()
        let claims = Self.claims(sub: "user-\(provider)", email: "someone@example.com", name: "Some One")

        let result = try await Self.signIn(fixture, provider: provider, claims: claims, extra: ["--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect((object["user"] as? [String: Any])?["signInProvider"] as? String == provider)
        let profile = try #require(object["provider"] as? [String: Any])
        #expect(profile["providerId"] as? String == provider)
        #expect(
            profile["providerUserId"] as? String == "user-\(provider)", "Google's federated ID URL is reduced to the ID"
        )
        #expect(profile["email"] as? String == "someone@example.com")
        #expect(try fixture.sessions.load()?.providerIDs.contains(provider) == true)
    }

    @Test(
        "handle-url with another attempt's eventId, or this one's twice, is refused while the wait goes on; the real answer ends it once"
    )
    func foreignAndRepeatedEventID() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        let claims = Self.claims(sub: "5150", email: "eve@example.com")
        async let signIn = fixture.run(
            ["oauth", "sign-in", "--provider", "github.com", "--browser", browser, "--json"] + Self.iosApp)
        let url = try await RecordingBrowser.url(recordedBy: browser)
        let eventID = try #require(QueryParameters(url: url).value("eventId"))
        // The widget's answer, as its form sends it; its 303 leads to the app's custom scheme.
        var configuration = HTTPClientConfiguration(proxy: .none)
        configuration.redirects = .doNotFollow
        let answer = try await HTTPClient(configuration: configuration).send(
            HTTPRequest(
                url: url.replacingOccurrences(of: "/emulator/auth/handler?", with: "/emulator/auth/handler/select?")
                    + "&id_token=" + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        let callback = try #require(answer.location)
        let otherID = String(repeating: "Q", count: eventID.count)
        try #require(callback.contains(eventID) && !callback.contains(otherID))

        let foreign = try await fixture.run(
            ["handle-url", callback.replacingOccurrences(of: eventID, with: otherID)])
        let repeated = try await fixture.run(
            ["handle-url", callback.replacingOccurrences(of: eventID, with: eventID + "%26eventId%3D" + otherID)])
        let handed = try await fixture.run(["handle-url", callback])
        let result = try await signIn
        let replayed = try await fixture.run(["handle-url", callback])

        #expect(foreign.exitCode == 1, "\(foreign.stderrText)")
        #expect(foreign.stderrText.contains("That callback belongs to another attempt"), "\(foreign.stderrText)")
        #expect(repeated.exitCode == 1, "\(repeated.stderrText)")
        #expect(repeated.stderrText.contains("carries eventId more than once"), "\(repeated.stderrText)")
        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(
            (try jsonObject(result.stdoutText)["provider"] as? [String: Any])?["email"] as? String == "eve@example.com")
        #expect(replayed.exitCode == 1, "a callback is used once: \(replayed.stderrText)")
        #expect(try fixture.sessions.load()?.email == "eve@example.com")
    }

    @Test("A provider ID Firebase does not have, or no provider, is a usage error (exit 2)")
    func badProvider() async throws {
        let fixture = try PhoneCLIFixture()

        let unknown = try await fixture.run(
            ["oauth", "sign-in", "--provider", "myspace.com", "--no-browser"] + Self.iosApp)
        let none = try await fixture.run(["oauth", "sign-in", "--no-browser"] + Self.iosApp)
        let parameter = try await fixture.run(
            ["oauth", "sign-in", "--provider", "google.com", "--custom-parameter", "prompt", "--no-browser"]
                + Self.iosApp)

        #expect(unknown.exitCode == 2)
        #expect(unknown.stderrText.contains("is not a Firebase provider ID"))
        #expect(none.exitCode == 2)
        #expect(none.stderrText.contains("--provider"))
        #expect(parameter.exitCode == 2)
        #expect(parameter.stderrText.contains("KEY=VALUE"))
    }

    @Test(
        "--link adds GitHub to a password user; whoami lists both; oauth unlink removes it; unlinking again is refused")
    func linkWhoamiUnlink() async throws {
        let fixture = try PhoneCLIFixture()
        let user = try await fixture.signUp(email: "ada@example.com")

        let linked = try await Self.signIn(
            fixture, provider: "github.com", claims: Self.claims(sub: "1815", email: "ada@example.com"),
            extra: ["--link", "--json"])
        let whoami = try await fixture.run(["whoami", "--json"])
        let unlinked = try await fixture.run(["oauth", "unlink", "--provider", "github.com"])
        let after = try await fixture.run(["whoami", "--json"])
        let again = try await fixture.run(["oauth", "unlink", "--provider", "github.com"])

        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        #expect((try jsonObject(linked.stdoutText)["user"] as? [String: Any])?["uid"] as? String == user.uid)
        let providers = try jsonObject(whoami.stdoutText)["providerIds"] as? [String] ?? []
        #expect(Set(providers) == ["password", "github.com"])
        #expect(unlinked.exitCode == 0, "\(unlinked.stderrText)")
        #expect(unlinked.stdoutText.contains("Unlinked github.com from ada@example.com; it signs in with: password."))
        #expect(try jsonObject(after.stdoutText)["providerIds"] as? [String] == ["password"])
        #expect(fixture.backend.accounts.first?.providers.contains { $0.providerID == "github.com" } == false)
        #expect(again.exitCode == 1)
        #expect(again.stderrText.contains("has no github.com sign-in to unlink"))
    }

    @Test(
        "Headless Chromium picks an existing Google account on the widget; the custom-scheme navigation goes to handle-url",
        .drivesABrowser)
    func headlessChromium() async throws {
        let fixture = try PhoneCLIFixture()
        let claims =
            #"{"sub":"10769150350006150715113082367","email":"grace@example.com","email_verified":true,"name":"Grace Hopper"}"#
        _ = try await SignedInBackend.client(for: fixture.backend).send(
            SignInWithIdpRequest(
                requestUri: "http://localhost",
                postBody: "providerId=google.com&id_token="
                    + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            ["oauth", "sign-in", "--provider", "google.com", "--browser", browser, "--json"] + Self.iosApp)
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let callback = try #require(
            try await HeadlessChromium.capturedNavigation(
                opening: url, clicking: "li.js-reuse-account button.account", startingWith: "\(Self.scheme)://"))
        let handed = try await fixture.run(["handle-url", callback])
        let result = try await signIn

        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["isNewUser"] as? Bool == false, "the existing Google account was chosen")
        let provider = try #require(object["provider"] as? [String: Any])
        #expect(provider["email"] as? String == "grace@example.com")
        #expect(provider["displayName"] as? String == "Grace Hopper")
        #expect(provider["providerUserId"] as? String == "10769150350006150715113082367")
    }
}
