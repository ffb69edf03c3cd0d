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
        /// The widget's address as the page opened it.
        let widget: String
        let widgetQuery: QueryParameters
        /// The page's status line when its first, unclicked pop-up was blocked.
        let blockedText: String
        /// The page's status line when the clicked pop-up was blocked too (``PopupPath/allowedAfterRefusal``).
        let refusedText: String?
    }

    /// How the page's pop-up fares after Chromium's blocker refuses the first, unclicked one.
    enum PopupPath {
        /// The click on the page's button opens it.
        case openedByClick
        /// The click's pop-up is refused too (`window.open` answering null, as a blocker refusing every pop-up
        /// does); the page shows the button again with its explanation, and a click with pop-ups allowed
        /// opens it.
        case allowedAfterRefusal
        /// The click's pop-up is refused too and the page goes to the provider in this tab (where a redirect
        /// returns).
        case redirect
    }

    /// Runs `oauth sign-in --provider provider --route web` with the stand-in SDK; headless Chromium (its pop-up
    /// blocker on) opens the page, whose first try is blocked, so it shows its button; then `path`. In the
    /// widget a new account with `email` is added, an existing one chosen (`existingAccount`), or `claims`
    /// submitted. `secondFactor` answers the page's second-factor form. `emulatorHost` and `projectID` name
    /// another emulator than the fixture's (its stand-in SDK is then that emulator's too).
    static func signIn(
        _ fixture: PhoneCLIFixture, provider: String, email: String, name: String = "Web User", extra: [String] = [],
        command: [String]? = nil, existingAccount: Bool = false, claims: String? = nil,
        path: PopupPath = .openedByClick,
        emulatorHost: String? = nil, projectID: String? = nil,
        secondFactor: ((HeadlessChromium) async throws -> Void)? = nil
    ) async throws -> Outcome {
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser-\(UUID().uuidString)"))
        let sdk =
            emulatorHost.map { "http://\($0)/www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)" }
            ?? standIn(fixture)
        let arguments =
            (command ?? ["oauth", "sign-in", "--provider", provider]) + [
                "--route", "web", "--web-sdk-url", sdk, "--browser", browser, "--json",
            ] + extra
        var environment: [String: String] = [:]
        if let emulatorHost { environment["FIREBASE_AUTH_EMULATOR_HOST"] = emulatorHost }
        if let projectID { environment["FIREBASE_PROJECT_ID"] = projectID }
        let running = Task { try await fixture.run(arguments, environment: environment) }
        let url = try await RecordingBrowser.url(recordedBy: browser)
        let popup = path != .redirect
        let ((phase, widget, blockedText, refusedText), result) = try await HeadlessChromium(popupBlocking: true)
            .drive(running) { chromium in
                try await chromium.open(url)
                let page = try await chromium.currentWindow()
                let blockedText = try await Self.pressStart(chromium, blockPopup: path != .openedByClick)
                var refusedText: String?
                if path == .allowedAfterRefusal {
                    refusedText = try await Self.statusOnceButtonShown(chromium)
                    _ = try await chromium.evaluate("window.open = window.authflowOpen; return 'ok';")
                    try await chromium.click("#start")
                }
                if popup {
                    try await chromium.switchToWindow(try await chromium.waitForNewWindow(besides: [page]))
                }
                let widget = try await chromium.waitFor(
                    "return location.pathname === '/emulator/auth/handler' ? location.href : ''"
                ) {
                    !$0.isEmpty
                }
                let choose: String
                if let claims {
                    // The widget's own form, with the given claims (e.g. a provider that vouches for the address).
                    choose = """
                        var form = document.getElementById('add-user');
                        form.querySelector('[name=new_account]').remove();
                        var input = document.createElement('input'); input.type = 'hidden'; input.name = 'id_token';
                        input.value = \(JSONWriter.string(.string(claims))); form.appendChild(input); form.submit();
                        return 'ok';
                        """
                } else if existingAccount {
                    choose = "document.querySelector('button.account').click(); return 'ok';"
                } else {
                    choose = """
                        document.getElementById('email-input').value = \(JSONWriter.string(.string(email)));
                        document.getElementById('display-name-input').value = \(JSONWriter.string(.string(name)));
                        document.getElementById('add-user').submit(); return 'ok';
                        """
                }
                _ = try await chromium.evaluate(choose)
                if popup { try await chromium.switchToWindow(page) }
                let phaseScript = "var m = document.getElementById('authflow'); return m ? m.dataset.phase : ''"
                var phase = try await chromium.waitFor(phaseScript) {
                    $0 == "done" || $0 == "failed" || (secondFactor != nil && $0 == "second-factor")
                }
                if phase == "second-factor", let secondFactor {
                    try await secondFactor(chromium)
                    phase = try await chromium.waitFor(phaseScript) { $0 == "done" || $0 == "failed" }
                }
                return (phase, widget, blockedText, refusedText)
            }
        return Outcome(
            result: result, phase: phase, widget: widget, widgetQuery: QueryParameters(url: widget),
            blockedText: blockedText,
            refusedText: refusedText)
    }

    /// Chromium's blocker refuses the page's first pop-up (no click yet), so the page shows its button and
    /// says why (returned); the click opens the pop-up, or, with `blockPopup`, finds `window.open` refusing
    /// as a blocker does (the real one kept as `window.authflowOpen`).
    @discardableResult
    static func pressStart(_ chromium: HeadlessChromium, blockPopup: Bool = false) async throws -> String {
        let text = try await statusOnceButtonShown(chromium)
        if blockPopup {
            _ = try await chromium.evaluate(
                "window.authflowOpen = window.open; window.open = function () { return null; }; return 'ok';")
        }
        try await chromium.click("#start")
        return text
    }

    /// The page's phase and status line once its button shows, as `phase: text`.
    static func statusOnceButtonShown(_ chromium: HeadlessChromium) async throws -> String {
        try await chromium.waitFor(
            """
            var b = document.getElementById('start'), m = document.getElementById('authflow');
            return b && !b.hidden ? m.dataset.phase + ': ' + document.getElementById('status').textContent : '';
            """
        ) { !$0.isEmpty }
    }

    @Test(
        "GitHub through the web route's redirect (the emulator on the page's own site, localhost, and the clicked pop-up blocked too): the page's tokens become the session, checked against the project; the widget got the scopes and parameters, and no sessionId (the browser SDK's event carries the emulator's)",
        .drivesABrowser)
    func github() async throws {
        // The widget leaves a redirect's event in the emulator origin's sessionStorage for the helper iframe in
        // the app's page: on the page's site (localhost) that storage is not partitioned away from the iframe.
        let fixture = try PhoneCLIFixture(host: "localhost")

        let outcome = try await Self.signIn(
            fixture, provider: "github.com", email: "octo@example.com",
            extra: ["--scopes", "read:user", "--custom-parameter", "login=octo", "--show-provider-tokens"],
            path: .redirect)

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
        #expect(outcome.widgetQuery.value("sessionId") == nil, "the browser SDK sends none, as the real one")
        #expect(!outcome.result.stderrText.contains(session.tokens.refreshToken))
    }

    @Test(
        "Every provider family signs in through the web route's pop-up (opened by the click, the widget's result read by the opener)",
        .drivesABrowser,
        arguments: [
            "google.com", "microsoft.com", "yahoo.com", "twitter.com", "facebook.com", "apple.com", "oidc.okta",
            "saml.acme-idp",
        ])
    func family(provider: String) async throws {
        let fixture = try PhoneCLIFixture()

        let outcome = try await Self.signIn(fixture, provider: provider, email: "family@example.com")

        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let object = try jsonObject(outcome.result.stdoutText)
        #expect((object["user"] as? [String: Any])?["signInProvider"] as? String == provider)
        #expect(try fixture.sessions.load()?.providerIDs.contains(provider) == true)
        #expect(outcome.widgetQuery.value("authType") == "signInViaPopup")
    }

    @Test(
        "With the emulator on another site than the page (127.0.0.1, as the auth domain in production), a clicked pop-up blocked too brings the button back with why, never the redirect; a click with pop-ups allowed signs in",
        .drivesABrowser)
    func popupRefusedAfterClick() async throws {
        let fixture = try PhoneCLIFixture()

        let outcome = try await Self.signIn(
            fixture, provider: "google.com", email: "refused@example.com", path: .allowedAfterRefusal)

        #expect(outcome.blockedText.hasPrefix("ready: "))
        #expect(outcome.blockedText.contains("because no click opened it: press the button"))
        let refused = try #require(outcome.refusedText)
        #expect(refused.hasPrefix("popup-refused: "), "the button again, not the redirect")
        #expect(refused.contains("allow pop-ups for this page"))
        #expect(refused.contains("the result would never come back here"))
        #expect(outcome.widgetQuery.value("authType") == "signInViaPopup")
        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        #expect(try fixture.sessions.load()?.email == "refused@example.com")
    }

    @Test(
        "The page may fall back to the redirect only with the emulator on its own site (localhost), not on 127.0.0.1",
        arguments: ["localhost", "127.0.0.1"])
    func redirectOnlyOnThePagesSite(host: String) async throws {
        let fixture = try PhoneCLIFixture(host: host)
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "oauth", "sign-in", "--provider", "github.com", "--route", "web", "--browser", browser, "--timeout", "60",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let html = String(decoding: try await page.page().body, as: UTF8.self)
        _ = try await page.post("/oauth/answer", [("state", page.state), ("error", "auth/popup-closed-by-user")])
        _ = try await signIn

        #expect(html.contains(host == "localhost" ? "data-redirect=\"same-site\"" : "data-redirect=\"\""))
    }

    @Test(
        "apple sign-in --route web, then a web --reauth keeps Apple's access token; delete-account revokes it and deletes",
        .drivesABrowser)
    func appleDeleteAfterWebReauth() async throws {
        let fixture = try PhoneCLIFixture()

        let signedIn = try await Self.signIn(
            fixture, provider: "apple.com", email: "x7@privaterelay.appleid.com", command: ["apple", "sign-in"])
        let refused = try await fixture.run(["delete-account", "--yes"])
        let reauth = try await Self.signIn(
            fixture, provider: "apple.com", email: "", extra: ["--reauth"], command: ["apple", "sign-in"],
            existingAccount: true)
        let deleted = try await fixture.run(["delete-account", "--yes"])

        #expect(signedIn.result.exitCode == 0, "\(signedIn.result.stderrText)")
        let object = try jsonObject(signedIn.result.stdoutText)
        #expect(object["route"] as? String == "web")
        #expect((object["apple"] as? [String: Any])?["privateRelay"] as? Bool == true)
        #expect(refused.exitCode == 2, "no token is kept by a plain sign-in")
        #expect(reauth.result.exitCode == 0, "\(reauth.result.stderrText)")
        #expect(deleted.exitCode == 0, "\(deleted.stderrText)")
        #expect(deleted.stderrText.contains("Revoked the Apple access token"))
        let revocation = try #require(fixture.backend.tokenRevocations.first)
        #expect(revocation.tokenType == "ACCESS_TOKEN")
        #expect(revocation.token == "FirebaseAuthEmulatorFakeAccessToken_apple.com")
        #expect(fixture.backend.accounts.isEmpty)
    }

    @Test(
        "The page loads Google's pinned SDK unless --web-sdk-url, under a CSP naming exactly its hosts; it checks its state"
    )
    func pageOverHTTP() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "oauth", "sign-in", "--provider", "github.com", "--route", "web", "--browser", browser, "--timeout", "60",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let served = try await page.page()
        let stranger = try await LoopbackPageDriver(url: page.url.replacingOccurrences(of: page.state, with: "nope"))
            .page()
        let html = String(decoding: served.body, as: UTF8.self)
        let policy = served.headers.first { $0.name.lowercased() == "content-security-policy" }?.value ?? ""
        let nonce = html.components(separatedBy: "nonce=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
        let answered = try await page.post(
            "/oauth/answer", [("state", page.state), ("error", "auth/popup-closed-by-user")])
        let result = try await signIn

        #expect(page.url.hasPrefix("http://localhost:"))
        #expect(html.contains("https://www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)/firebase-app.js"))
        #expect(html.contains("https://www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)/firebase-auth.js"))
        #expect(
            !html.contains(fixture.backend.hostAndPort + "/www.gstatic.com"), "the stand-in only with --web-sdk-url")
        #expect(
            policy == "default-src 'none'; script-src 'nonce-\(nonce)' "
                + "https://www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)/ https://apis.google.com "
                + "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; "
                + "frame-src http://\(fixture.backend.hostAndPort) https://www.google.com/recaptcha/ "
                + "https://recaptcha.google.com/recaptcha/; connect-src 'self' http://\(fixture.backend.hostAndPort); "
                + "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        #expect(!nonce.isEmpty)
        #expect(stranger.status == 400)
        #expect(answered.status == 200)
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("cancelled in the browser (auth/popup-closed-by-user)"))
        #expect(try fixture.sessions.load() == nil)
    }

    @Test(
        "An ID token for another project, or expired, is refused and nothing is saved (exit 1)",
        arguments: ["aud", "exp"])
    func foreignIDToken(_ claim: String) async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "oauth", "sign-in", "--provider", "google.com", "--route", "web", "--browser", browser, "--timeout", "60",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))
        let now = Int(Date().timeIntervalSince1970)
        var claims: [(String, JSONValue)] = [
            ("iss", .string("https://securetoken.google.com/\(fixture.backend.projectID)")),
            ("aud", .string(claim == "aud" ? "someone-elses-project" : fixture.backend.projectID)),
            ("exp", .number(Double(claim == "exp" ? now - 60 : now + 3600))), ("user_id", .string("u1")),
            ("sub", .string("u1")),
        ]
        claims.append(("iat", .number(Double(now - 120))))
        let token =
            "eyJhbGciOiJub25lIn0."
            + Base64.encode(Array(JSONWriter.string(.object(JSONObject(claims))).utf8), alphabet: .url)
            + "."

        let answered = try await page.post(
            "/oauth/answer", [("state", page.state), ("idToken", token), ("refreshToken", "r1")])
        let result = try await signIn

        #expect(answered.status == 200)
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains(claim == "aud" ? "aud is someone-elses-project" : "it has expired"))
        #expect(!result.stderrText.contains(token))
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("Without localhost among the authorized domains the web route says what to add (exit 2) before any page")
    func localhostNotAuthorized() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(
            .status(200, body: #"{"projectId":"1","authorizedDomains":["demo.firebaseapp.com"]}"#), for: "projects")

        let result = try await fixture.run(
            ["oauth", "sign-in", "--provider", "facebook.com", "--route", "web", "--no-browser"])

        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("Authentication → Settings → Authorized domains"))
        #expect(result.stderrText.contains("enter: localhost"))
        #expect(!result.stderrText.contains("http://localhost:"), "no page was served")
    }

    @Test(
        "An account with a TOTP factor: the page asks for the code and resolves it with the SDK's resolver; the session carries the factor",
        .drivesABrowser)
    func totpSecondFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let (factorID, app) = try await fixture.totpAccount("totp-web@example.com")
        let claims = OAuthHostedRouteTests.claims(sub: "gh-totp", email: "totp-web@example.com")
        var wrong = ""

        let outcome = try await Self.signIn(
            fixture, provider: "github.com", email: "", claims: claims
        ) { chromium in
            try await chromium.type("000000", into: "#code")
            try await chromium.click("#verify")
            wrong = try await chromium.waitFor(
                "return document.getElementById('status').textContent"
            ) { $0.contains("not accepted") || $0.contains("did not") }
            _ = try await chromium.evaluate("document.getElementById('code').value = ''; return 'ok';")
            try await chromium.type(PhoneCLIFixture.nextCode(app), into: "#code")
            try await chromium.click("#verify")
        }

        #expect(wrong.contains("not accepted"), "a wrong code keeps the field open")
        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let session = try #require(try fixture.sessions.load())
        #expect(session.email == "totp-web@example.com")
        #expect(session.secondFactorID == factorID)
    }

    @Test(
        "Under --lang ko the page's script words its steps in Korean: a refused TOTP code, then the sign-in",
        .drivesABrowser)
    func koreanScriptWords() async throws {
        let fixture = try PhoneCLIFixture()
        let (_, app) = try await fixture.totpAccount("totp-ko@example.com")
        let claims = OAuthHostedRouteTests.claims(sub: "gh-totp-ko", email: "totp-ko@example.com")
        var prompt = ""
        var wrong = ""
        var final = ""

        let outcome = try await Self.signIn(
            fixture, provider: "github.com", email: "", extra: ["--lang", "ko"], claims: claims
        ) { chromium in
            prompt =
                try await chromium.evaluate("return document.getElementById('status').textContent")?.stringValue
                ?? ""
            try await chromium.type("000000", into: "#code")
            try await chromium.click("#verify")
            wrong = try await chromium.waitFor(
                "return document.getElementById('status').textContent"
            ) { text in ["인증 코드가", "않았", "not accepted", "did not"].contains { text.contains($0) } }
            _ = try await chromium.evaluate("document.getElementById('code').value = ''; return 'ok';")
            try await chromium.type(PhoneCLIFixture.nextCode(app), into: "#code")
            try await chromium.click("#verify")
            let finalStatus = """
                var phase = document.getElementById('authflow').dataset.phase;
                return phase === 'done' || phase === 'failed' ? document.getElementById('status').textContent : '';
                """
            final = try await chromium.waitFor(finalStatus) { !$0.isEmpty }
        }

        #expect(outcome.blockedText == "ready: 클릭 없이 연 팝업이라 브라우저가 차단했습니다. 버튼을 눌러 팝업을 여세요.")
        #expect(prompt == "이 계정은 다단계 인증을 사용합니다. 현재 인증 코드를 입력하세요.")
        #expect(wrong == "인증 코드가 맞지 않습니다. 현재 코드를 입력하세요.")
        #expect(final == "로그인했습니다. 이 탭을 닫고 터미널로 돌아가세요.")
        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
    }

    @Test(
        "An account whose factor is SMS: the page sends the code through the SDK's PhoneAuthProvider with reCAPTCHA and resolves it; the session carries the factor",
        .drivesABrowser)
    func smsSecondFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("sms-web@example.com")
        let claims = OAuthHostedRouteTests.claims(sub: "gh-sms", email: "sms-web@example.com")
        var asked = ""
        var wrong = ""

        let outcome = try await Self.signIn(
            fixture, provider: "github.com", email: "", claims: claims
        ) { chromium in
            asked = try await chromium.waitFor("return document.getElementById('factor-name').textContent") {
                $0.contains("text message")
            }
            try await chromium.type(fixture.wrongCode(for: "+15555550199"), into: "#code")
            try await chromium.click("#verify")
            wrong = try await chromium.waitFor(
                "return document.getElementById('status').textContent"
            ) { $0.contains("not accepted") || $0.contains("did not") }
            _ = try await chromium.evaluate("document.getElementById('code').value = ''; return 'ok';")
            try await chromium.type(try #require(fixture.code(for: "+15555550199")), into: "#code")
            try await chromium.click("#verify")
        }

        #expect(asked.contains("the text message to"))
        #expect(wrong.contains("not accepted"), "a wrong code keeps the field open")
        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let session = try #require(try fixture.sessions.load())
        #expect(session.email == "sms-web@example.com")
        #expect(session.secondFactorID == ids[0])
        #expect(!outcome.result.stderrText.contains(session.tokens.refreshToken))
    }

    @Test("A page reporting the resolver's hints (a factor it cannot resolve) names them; nothing is saved (exit 1)")
    func unresolvedSecondFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "oauth", "sign-in", "--provider", "github.com", "--route", "web", "--browser", browser, "--timeout", "60",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let answered = try await page.post(
            "/oauth/answer",
            [
                ("state", page.state), ("error", "auth/multi-factor-auth-required"),
                ("hints", #"[{"uid":"e1","factorId":"phone","phoneNumber":"+*******1234"}]"#),
            ])
        let result = try await signIn

        #expect(answered.status == 200)
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("phone +*******1234"))
        #expect(try fixture.sessions.load() == nil)
    }
}
