import AuthflowBackend
import AuthflowDemo
import AuthflowTestSupport
import Foundation
import Testing

/// The loopback route: authflow's own reCAPTCHA page on http://localhost, which against an emulator shows
/// the stand-in widget, posts its answer back, then takes the SMS code.
@Suite("authflow phone: route loopback")
struct PhoneLoopbackRouteTests {
    static let enforce =
        #"{"recaptchaKey":"projects/p-1/keys/ent-key","recaptchaEnforcementState":[{"provider":"PHONE_PROVIDER","enforcementState":"ENFORCE"}]}"#

    @Test("Driven over HTTP as its script would: the page's answer sends the SMS, its code field finishes the sign-in")
    func pageOverHTTP() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "phone", "sign-in", "+16505550130", "--verifier", "loopback", "--browser", browser, "--json",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let html = try await page.page()
        let foreign = try await LoopbackPageDriver(url: page.url.replacingOccurrences(of: page.state, with: "forged"))
            .page()
        let early = try await page.submit(code: "123456")
        let answered = try await page.answer([("recaptchaToken", "authflow-test-widget-1")])
        _ = try await page.waitFor(["code"])
        let code = try #require(fixture.code(for: "+16505550130"))
        let forgedCode = try await page.post("/phone/code", [("state", "forged"), ("code", code)])
        let submitted = try await page.submit(code: code)
        let result = try await signIn

        #expect(page.url.hasPrefix("http://localhost:"))
        #expect(html.status == 200)
        #expect(html.text.contains(#"id="test-widget""#), "the emulator gets the stand-in widget")
        #expect(!html.text.contains("www.google.com/recaptcha/api.js"), "no Google script against an emulator")
        #expect(
            html.headers.contains { $0.name.lowercased() == "content-security-policy" && $0.value.contains("'nonce-") })
        #expect(foreign.status == 400)
        #expect(early.status == 409, "no code before the SMS")
        #expect(answered.status == 200)
        #expect(forgedCode.status == 403)
        #expect(submitted.status == 202)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["verifier"] as? String == "loopback")
        #expect(object["codeSource"] as? String == "page")
    }

    @Test("Under AUDIT the page gives the Enterprise token alone; accepted, the v2 checkbox is never asked for")
    func enterpriseAuditAccepted() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .phone)
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            [
                "phone", "sign-in", "+16505550131", "--verifier", "loopback", "--browser", browser, "--code-command",
                fixture.codeCommand,
            ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let html = try await page.page()
        let early = try await page.post("/phone/v2", [("state", page.state), ("recaptchaToken", "v2-token")])
        let answered = try await page.answer([("captchaResponse", "authflow-stand-in:sendVerificationCode:abc")])
        let result = try await signIn

        #expect(html.text.contains(#"data-needs-enterprise="1""#))
        #expect(html.text.contains(#"data-needs-v2="""#), "no v2 token with the first answer")
        #expect(html.text.contains(#"data-falls-back="1""#))
        #expect(early.status == 409, "the checkbox is not wanted before a refusal")
        #expect(answered.status == 200)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
        #expect(fixture.smsSent == 1)
    }

    @Test(
        "Under AUDIT a refused Enterprise token (INVALID_APP_CREDENTIAL) brings the v2 checkbox; its token goes with NO_RECAPTCHA; one SMS"
    )
    func enterpriseAuditFallback() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .phone)
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            [
                "phone", "sign-in", "+16505550136", "--verifier", "loopback", "--browser", browser, "--code-command",
                fixture.codeCommand,
            ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let answered = try await page.answer([("captchaResponse", "an-enterprise-token-the-server-refuses")])
        let fallback = try await page.waitFor(["recaptcha-v2", "failed", "done"])
        let v2 = try await page.post("/phone/v2", [("state", page.state), ("recaptchaToken", "v2-token")])
        let result = try await signIn

        #expect(answered.status == 200)
        #expect(fallback["phase"] == "recaptcha-v2")
        #expect(v2.status == 202)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(
            fixture.backend.recaptchaAssessments.map(\.valid) == [false], "the Enterprise token was tried once, first")
        #expect(fixture.smsSent == 1)
    }

    @Test(
        "Headless Chromium under AUDIT: the stand-in widget gives the Enterprise token; after a refusal it is the v2 checkbox",
        .drivesABrowser)
    func headlessChromiumAuditFallback() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .phone)
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"INVALID_APP_CREDENTIAL"}}"#),
            for: "accounts:sendVerificationCode",
            times: 1)
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            [
                "phone", "sign-in", "+16505550137", "--verifier", "loopback", "--browser", browser, "--code-command",
                fixture.codeCommand,
            ])
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let chromium = try await HeadlessChromium()
        let phaseScript = "return document.getElementById('authflow').dataset.phase"
        var phases: [String] = []
        do {
            try await chromium.open(url)
            try await chromium.click("#test-widget")
            phases.append(
                try await chromium.waitFor(phaseScript) { $0 == "recaptcha-v2" || $0 == "failed" || $0 == "done" })
            try await chromium.click("#test-widget")
            phases.append(try await chromium.waitFor(phaseScript) { $0 == "code" || $0 == "failed" || $0 == "done" })
        } catch {
            await chromium.quit()
            throw error
        }
        await chromium.quit()
        let result = try await signIn

        #expect(phases.first == "recaptcha-v2")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(!fixture.backend.isFaultArmed(for: "accounts:sendVerificationCode"), "the Enterprise token went first")
        #expect(fixture.smsSent == 1)
    }

    @Test("Under ENFORCE the page gives the Enterprise token alone; the hosted route is refused")
    func enterpriseEnforce() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(.status(200, body: Self.enforce), for: "recaptchaConfig")
        let hosted = try await fixture.run(
            [
                "phone", "sign-in", "+16505550132", "--verifier", "hosted", "--client-id",
                "1-a.apps.googleusercontent.com",
                "--ios-bundle-id", "com.example.app", "--code", "1",
            ])
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            [
                "phone", "sign-in", "+16505550132", "--verifier", "loopback", "--browser", browser, "--code-command",
                fixture.codeCommand,
            ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let html = try await page.page()
        let answered = try await page.answer([("captchaResponse", "enterprise-token")])
        let result = try await signIn

        #expect(hosted.exitCode == 2)
        #expect(hosted.stderrText.contains("enforces reCAPTCHA Enterprise"))
        #expect(html.text.contains(#"data-needs-v2="""#))
        #expect(answered.status == 200)
        #expect(result.exitCode == 0, "\(result.stderrText)")
    }

    @Test("Without localhost among the authorized domains the loopback route says exactly what to add")
    func localhostNotAuthorized() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(
            .status(200, body: #"{"projectId":"1","authorizedDomains":["demo.firebaseapp.com"]}"#), for: "projects")

        let result = try await fixture.run([
            "phone", "sign-in", "+16505550133", "--verifier", "loopback", "--code", "1",
        ])

        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("Authentication → Settings → Authorized domains"))
        #expect(result.stderrText.contains("enter: localhost"))
        #expect(result.stderrText.contains("--ios-bundle-id"))
        #expect(fixture.smsSent == 0)
    }

    @Test(
        "--templates DIR with only the page's script partial: the built-in page (English and Korean) runs DIR's script; a broken one stops at start-up"
    )
    func brandedScriptPartial() async throws {
        let fixture = try PhoneCLIFixture()
        let branded = fixture.directory.file("branded")
        try FileManager.default.createDirectory(atPath: branded, withIntermediateDirectories: true)
        try "/* branded script for {{phoneNumber}} */\n".write(
            toFile: branded + "/phone-recaptcha.js", atomically: true, encoding: .utf8)
        for (number, flags, heading) in [
            ("+16505550138", [String](), "Verify your phone number"), ("+16505550139", ["--lang", "ko"], "전화번호 인증"),
        ] {
            let browser = try RecordingBrowser.install(at: fixture.directory.file("browser-\(number)"))
            async let signIn = fixture.run(
                ["phone", "sign-in", number, "--verifier", "loopback", "--browser", browser, "--templates", branded]
                    + flags)
            let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))
            let html = try await page.page().text
            _ = try await page.answer([("error", "load-failed")])
            _ = try await signIn

            #expect(html.contains("/* branded script for \(number) */"), "\(flags)")
            #expect(!html.contains("#authflow-texts [data-text]"), "\(flags): not the built-in script")
            #expect(html.contains("<h1>\(heading)</h1>"), "\(flags): the built-in page")
        }

        try "{{#unclosed}}".write(toFile: branded + "/phone-recaptcha.js", atomically: true, encoding: .utf8)
        let broken = try await fixture.run([
            "phone", "sign-in", "+16505550140", "--verifier", "loopback", "--no-browser", "--templates", branded,
        ])
        #expect(broken.exitCode != 0)
        #expect(broken.stderrText.contains("phone-recaptcha.js"), "\(broken.stderrText)")
        #expect(fixture.smsSent == 0)
    }

    @Test(
        "A code posted while the field is closed (409) shows the page's own words for it, in the page's language",
        .drivesABrowser,
        arguments: [
            ([String](), "The code field is not open right now."), (["--lang", "ko"], "지금은 인증 코드를 입력할 수 없습니다."),
        ])
    func codeFieldClosed(flags: [String], expected: String) async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            ["phone", "sign-in", "+16505550141", "--verifier", "loopback", "--browser", browser] + flags)
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let chromium = try await HeadlessChromium()
        var shown = ""
        do {
            try await chromium.open(url)
            // The field opened early, as a stale tab would have it: the flow still waits for the reCAPTCHA.
            _ = try await chromium.evaluate("document.getElementById('step-code').hidden = false; return 'ok';")
            try await chromium.type("123456", into: "#code")
            try await chromium.click("#code-submit")
            shown = try await chromium.waitFor(
                "return document.getElementById('status').textContent"
            ) { !$0.isEmpty }
        } catch {
            await chromium.quit()
            throw error
        }
        await chromium.quit()
        _ = try await LoopbackPageDriver(url: url).answer([("error", "load-failed")])
        _ = try await signIn

        #expect(shown == expected)
        #expect(fixture.smsSent == 0)
    }

    @Test("A page that reports the reCAPTCHA script did not load ends the sign-in with exit 3")
    func scriptDidNotLoad() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run([
            "phone", "sign-in", "+16505550134", "--verifier", "loopback", "--browser", browser,
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let reported = try await page.answer([("error", "load-failed")])
        let result = try await signIn

        #expect(reported.status == 200)
        #expect(result.exitCode == 3)
        #expect(result.stderrText.contains("reCAPTCHA script did not load"))
        #expect(fixture.smsSent == 0)
    }

    /// What Chromium saw on the page while signing `number` in through it: the page's `lang`, its phase and
    /// status line once the code field opened and at the end, and the command's result.
    struct ChromiumRun {
        var language = ""
        var asked = ""
        var final = ""
        var result: SubprocessResult
    }

    /// Signs `number` in with `flags`, clicking the page's stand-in widget and typing the code into its field.
    static func signInThroughChromium(_ number: String, flags: [String] = []) async throws -> ChromiumRun {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            ["phone", "sign-in", number, "--verifier", "loopback", "--browser", browser, "--json"] + flags)
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let chromium = try await HeadlessChromium()
        let phaseScript =
            "return document.getElementById('authflow').dataset.phase + '|' + document.getElementById('status').textContent"
        var seen = (language: "", asked: "", final: "")
        do {
            try await chromium.open(url)
            seen.language = try await chromium.evaluate("return document.documentElement.lang")?.stringValue ?? ""
            try await chromium.click("#test-widget")
            seen.asked = try await chromium.waitFor(phaseScript) { $0.hasPrefix("code|") }
            let code = try #require(fixture.code(for: number))
            try await chromium.type(code, into: "#code")
            try await chromium.click("#code-submit")
            seen.final = try await chromium.waitFor(phaseScript) { $0.hasPrefix("done|") || $0.hasPrefix("failed|") }
        } catch {
            await chromium.quit()
            throw error
        }
        await chromium.quit()
        return ChromiumRun(language: seen.language, asked: seen.asked, final: seen.final, result: try await signIn)
    }

    @Test("Headless Chromium clicks the page's stand-in widget and types the code into its field", .drivesABrowser)
    func headlessChromium() async throws {
        let run = try await Self.signInThroughChromium("+16505550135")

        #expect(run.language == "en")
        #expect(run.asked == "code|Enter the code sent to +16505550135.")
        #expect(run.final == "done|Signed in as +16505550135. You can close this tab.")
        #expect(run.result.exitCode == 0, "\(run.result.stderrText)")
        #expect(try jsonObject(run.result.stdoutText)["codeSource"] as? String == "page")
    }

    @Test(
        "Under --lang ko, Chromium shows the Korean page, its script's Korean words for the code step, and the end",
        .drivesABrowser)
    func koreanPageInChromium() async throws {
        let run = try await Self.signInThroughChromium("+16505550137", flags: ["--lang", "ko"])

        #expect(run.language == "ko")
        #expect(run.asked == "code|+16505550137(으)로 보낸 인증 코드를 입력하세요.")
        #expect(run.final == "done|+16505550137(으)로 로그인했습니다. 이 탭을 닫아도 됩니다.", "the flow's last words too")
        #expect(run.result.exitCode == 0, "\(run.result.stderrText)")
    }
}
