import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The web route's page and App Check: the JS SDK's `CustomProvider` gets authflow's token from the listener,
/// and the page's Content-Security-Policy lets it reach App Check's host and no other.
@Suite("authflow oauth sign-in: web route with App Check")
struct OAuthWebRouteAppCheckTests {
    @Test(
        "The page names its App Check path and module; the path answers the token to the page's state only; the CSP adds exactly the App Check URL's origin"
    )
    func handoffOverHTTP() async throws {
        let fixture = try PhoneCLIFixture()
        let minted = fixture.backend.mintAppCheckToken().token
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "oauth", "sign-in", "--provider", "github.com", "--route", "web", "--browser", browser, "--timeout", "60",
            "--app-check-token-command", "echo \(minted)", "--app-check-url", "https://app-check.example.test/base/",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let served = try await page.page()
        let token = try await page.post("/oauth/app-check", [("state", page.state)])
        let stranger = try await page.post("/oauth/app-check", [("state", "another-page")])
        _ = try await page.post("/oauth/answer", [("state", page.state), ("error", "auth/popup-closed-by-user")])
        let result = try await signIn

        let html = String(decoding: served.body, as: UTF8.self)
        let policy = served.headers.first { $0.name.lowercased() == "content-security-policy" }?.value ?? ""
        #expect(html.contains(#"data-app-check="/oauth/app-check""#))
        #expect(
            html.contains(
                "data-app-check-module=\"https://www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)/"
                    + "firebase-app-check.js\""))
        #expect(!html.contains(minted), "the token is not in the page, only behind the state-checked path")
        let connect = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("connect-src") }
        #expect(
            connect == "connect-src 'self' http://\(fixture.backend.hostAndPort) https://app-check.example.test",
            "\(policy)")
        #expect(token.status == 200)
        let answer = try JSONParser.parse(token.body)
        #expect(answer["token"]?.stringValue == minted)
        if case .number(let millis) = answer["expireTimeMillis"] {
            #expect(millis > Date().timeIntervalSince1970 * 1000)
        } else {
            Issue.record("no expireTimeMillis in \(String(decoding: token.body, as: UTF8.self))")
        }
        #expect(stranger.status == 403)
        #expect(!String(decoding: stranger.body, as: UTF8.self).contains(minted))
        #expect(result.exitCode == 1)
        #expect(!result.stderrText.contains(minted))
    }

    @Test("Without App Check the page names no App Check path, and its CSP no App Check host")
    func noAppCheck() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "oauth", "sign-in", "--provider", "github.com", "--route", "web", "--browser", browser, "--timeout", "60",
            "--app-check-token-command", "echo unused",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let served = try await page.page()
        let path = try await page.post("/oauth/app-check", [("state", page.state)])
        _ = try await page.post("/oauth/answer", [("state", page.state), ("error", "auth/popup-closed-by-user")])
        _ = try await signIn

        let html = String(decoding: served.body, as: UTF8.self)
        let policy = served.headers.first { $0.name.lowercased() == "content-security-policy" }?.value ?? ""
        #expect(html.contains(#"data-app-check="""#))
        #expect(!policy.contains("firebaseappcheck"))
        #expect(path.status != 200)
    }

    @Test(
        "Headless Chromium: with App Check enforced, the page's JS SDK (the stand-in, through initializeAppCheck and CustomProvider) sends authflow's token on signInWithIdp and in the widget's #fac=",
        .drivesABrowser)
    func enforcedInChromium() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)
        let minted = fixture.backend.mintAppCheckToken().token

        let outcome = try await OAuthWebRouteTests.signIn(
            fixture, provider: "github.com", email: "checked@example.com",
            extra: [
                "--app-check-token-command", "echo \(minted)", "--app-check-url", fixture.backend.appCheckURL,
            ])

        #expect(outcome.phase == "done", "\(outcome.result.stderrText)")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let presented = fixture.backend.appCheckPresentations
        #expect(presented.contains { $0.endpoint == "accounts:signInWithIdp" && $0.token == minted && $0.valid })
        #expect(presented.allSatisfy { $0.token == minted && $0.valid }, "\(presented)")
        #expect(outcome.widget.hasSuffix("#fac=" + PercentEncoding.encodeUnreserved(minted)), "\(outcome.widget)")
        #expect(!outcome.result.stderrText.contains(minted))
    }
}
