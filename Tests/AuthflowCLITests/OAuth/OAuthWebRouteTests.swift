import AuthflowBackend
import AuthflowCore
import AuthflowDemo
import AuthflowIdentityToolkit
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow oauth sign-in --route web`: the loopback page running the Firebase JS SDK, here the stand-in the
/// embedded backend serves (chosen with --web-sdk-url), in headless Chromium, through the backend's IdP widget.
@Suite("authflow oauth sign-in: web route")
struct OAuthWebRouteTests {
    static func standIn(_ fixture: PhoneCLIFixture) -> String {
        "http://\(fixture.backend.hostAndPort)/www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)"
    }

    /// What a browser run of the web route ended with.
    struct Outcome {
        let result: SubprocessResult
        let phase: String
        let widgetQuery: QueryParameters
    }

    /// Runs `oauth sign-in --provider provider --route web` with the stand-in SDK; headless Chromium opens the
    /// page, which redirects to the widget, where a new account with `email` is added.
    static func signIn(
        _ fixture: PhoneCLIFixture, provider: String, email: String, name: String = "Web User", extra: [String] = []
    ) async throws -> Outcome {
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser-\(provider)"))
        let arguments = ["oauth", "sign-in", "--provider", provider, "--route", "web", "--web-sdk-url", standIn(fixture),
                         "--browser", browser, "--json"] + extra
        let running = Task { try await fixture.run(arguments) }
        let url = try await RecordingBrowser.url(recordedBy: browser)
        let chromium = try await HeadlessChromium()
        var phase = ""
        var widget = ""
        do {
            try await chromium.open(url)
            widget = try await chromium.waitFor("return location.pathname === '/emulator/auth/handler' ? location.href : ''") {
                !$0.isEmpty
            }
            _ = try await chromium.evaluate("""
                document.getElementById('email-input').value = \(JSONWriter.string(.string(email)));
                document.getElementById('display-name-input').value = \(JSONWriter.string(.string(name)));
                document.getElementById('add-user').submit(); return 'ok';
                """)
            phase = try await chromium.waitFor(
                "var m = document.getElementById('authflow'); return m ? m.dataset.phase : ''"
            ) { $0 == "done" || $0 == "failed" }
        } catch {
            await chromium.quit()
            running.cancel()
            throw error
        }
        await chromium.quit()
        return Outcome(result: try await running.value, phase: phase, widgetQuery: QueryParameters(url: widget))
    }

    @Test("GitHub through the web route: the page's tokens become the session, checked against the project; the widget got the scopes, parameters and a hashed sessionId")
    func github() async throws {
        let fixture = try PhoneCLIFixture()

        let outcome = try await Self.signIn(
            fixture, provider: "github.com", email: "octo@example.com",
            extra: ["--scopes", "read:user", "--custom-parameter", "login=octo", "--show-provider-tokens"])

        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let object = try jsonObject(outcome.result.stdoutText)
        #expect(object["route"] as? String == "web")
        #expect((object["user"] as? [String: Any])?["signInProvider"] as? String == "github.com")
        let provider = try #require(object["provider"] as? [String: Any])
        #expect(provider["email"] as? String == "octo@example.com")
        #expect(provider["accessToken"] as? String == "FirebaseAuthEmulatorFakeAccessToken_github.com")
        let session = try #require(try fixture.sessions.load())
        #expect(session.email == "octo@example.com")
        #expect(session.providerIDs.contains("github.com"))
        #expect(outcome.widgetQuery.value("authType") == "signInViaRedirect")
        #expect(outcome.widgetQuery.value("scopes") == "read:user")
        #expect(outcome.widgetQuery.value("customParameters") == #"{"login":"octo"}"#)
        #expect(outcome.widgetQuery.value("sessionId")?.count == 64, "the SHA-256 hex, the raw value stays in the page")
        #expect(!outcome.result.stderrText.contains(session.tokens.refreshToken))
    }

    @Test(
        "Every provider family signs in through the web route",
        arguments: ["google.com", "microsoft.com", "yahoo.com", "twitter.com", "facebook.com", "apple.com", "oidc.okta", "saml.acme-idp"])
    func family(provider: String) async throws {
        let fixture = try PhoneCLIFixture()

        let outcome = try await Self.signIn(fixture, provider: provider, email: "family@example.com")

        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let object = try jsonObject(outcome.result.stdoutText)
        #expect((object["user"] as? [String: Any])?["signInProvider"] as? String == provider)
        #expect(try fixture.sessions.load()?.providerIDs.contains(provider) == true)
    }
}
