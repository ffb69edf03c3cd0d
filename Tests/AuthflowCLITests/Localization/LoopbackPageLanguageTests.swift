import AuthflowHTTP
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// What authflow's own loopback pages answer a person under `--lang ko`, from the real `authflow` binary: the
/// plain-text refusals of their routes, the token page's failure title, and the phone page's last words after
/// a second factor.
@Suite("The loopback pages' refusals and last words in the language in force")
struct LoopbackPageLanguageTests {
    static let posixC = FailedPageLanguageTests.posix("C")

    /// `url` with another page's state.
    static func foreign(_ url: String) -> String {
        url.replacingOccurrences(of: "state=", with: "state=x")
    }

    @Test("The reCAPTCHA token page: its refusals and its failure page (titled as no sign-in) in Korean and English")
    func tokenPage() async throws {
        for language in ["ko", "en"] {
            let fixture = try await RecaptchaCLIFixture()
            fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
            let browser = try RecordingBrowser.install(at: fixture.account.directory.file("browser"))
            let running = fixture.start(RecaptchaCLIFixture.sendLink, ["--browser", browser, "--lang", language])
            let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

            let stranger = try await LoopbackPageDriver(url: Self.foreign(page.url)).page()
            let posted = try await page.post("/recaptcha", [("state", page.state)])
            let reported = try await page.post("/recaptcha/answer", [("state", page.state), ("error", "load-failed")])
            let result = try await running.value

            #expect(stranger.status == 400)
            #expect(posted.status == 405)
            #expect(reported.status == 200)
            #expect(result.exitCode == 3, "\(result.stderrText)")
            if language == "ko" {
                #expect(stranger.text == "다른 요청의 페이지입니다. 이번 요청에 안내된 주소를 여세요.\n")
                #expect(posted.text == "이 주소는 GET 요청만 받습니다.\n")
                #expect(reported.text.contains("<title>reCAPTCHA 토큰을 받지 못함</title>"), "\(reported.text)")
            } else {
                #expect(stranger.text == "This page belongs to another request. Open the address given for this one.\n")
                #expect(posted.text == "This address only takes GET requests.\n")
                #expect(reported.text.contains("<title>No reCAPTCHA token</title>"), "\(reported.text)")
            }
            #expect(!reported.text.contains("Sign-in failed") && !reported.text.contains("로그인 실패"))
        }
    }

    @Test("phone sign-in --lang ko: the page's routes refuse another state, method and Host in Korean")
    func phonePageRefusals() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            ["phone", "sign-in", "+16505550138", "--verifier", "loopback", "--browser", browser, "--lang", "ko"],
            environment: Self.posixC)
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let stranger = try await LoopbackPageDriver(url: Self.foreign(page.url)).page()
        let foreignCode = try await page.post("/phone/code", [("state", "x"), ("code", "123456")])
        let postedPage = try await page.post("/phone", [("state", page.state)])
        let rebound = try await HTTPClient(configuration: HTTPClientConfiguration(proxy: .none)).send(
            HTTPRequest(url: page.url, headers: [HTTPHeader(name: "Host", value: "rebound.example")]))
        _ = try await page.answer([("error", "load-failed")])
        let result = try await signIn

        #expect(stranger.status == 400)
        #expect(stranger.text == "다른 로그인의 페이지입니다. 이번 로그인에 안내된 주소를 여세요.\n")
        #expect(foreignCode.status == 403)
        #expect(foreignCode.text == "다른 로그인의 응답입니다. 이번 로그인에서 연 페이지를 새로고침하세요.\n")
        #expect(postedPage.status == 405)
        #expect(postedPage.text == "이 주소는 GET 요청만 받습니다.\n")
        #expect(rebound.status == 400)
        #expect(rebound.text == "Host 헤더가 이 루프백 서버를 가리키지 않습니다.\n")
        #expect(result.exitCode == 3, "\(result.stderrText)")
    }

    @Test(
        "mfa enroll --lang ko on the loopback page: the answer's success page and the page's last words are Korean"
    )
    func enrolmentLastWords() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await fixture.signUp(email: "kim@example.com")
        #expect(fixture.backend.markEmailVerified(localID: session.uid))
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let enrolled = fixture.run(
            ["mfa", "enroll", "+15555550167", "--verifier", "loopback", "--browser", browser, "--lang", "ko"],
            environment: Self.posixC)
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let solved: (answered: HTTPResponse, last: [String: String])
        do {
            solved = try await page.solveAndType { fixture.codes(for: "+15555550167").first }
        } catch {
            // The driver's error alone ("Could not connect") does not say why the listener stopped; the
            // command's own output does.
            let result = try await enrolled
            Issue.record("The page driver failed: \(error); mfa enroll exited \(result.exitCode): \(result.stderrText)")
            return
        }
        let (answered, last) = solved
        let result = try await enrolled

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(last["phase"] == "done")
        #expect(last["message"] == "+15555550167을(를) 두 번째 인증 수단으로 추가했습니다. 이 탭을 닫아도 됩니다.")
        // The answer's own page (the listener's success page): its title and its message in Korean.
        #expect(answered.text.contains("<title>reCAPTCHA 완료</title>"), "\(answered.text)")
        #expect(answered.text.contains("<p>SMS를 보내는 중입니다.</p>"), "\(answered.text)")
    }

    @Test(
        "mfa resolve --lang ko on the loopback page: the longer 'with the second factor' text wins over the shorter"
    )
    func secondFactorLastWords() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.mfaAccount("lee@example.com")
        let challenged = try await fixture.passwordSignIn("lee@example.com")
        #expect(challenged.exitCode == 5, "\(challenged.stderrText)")
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signedIn = fixture.run(
            ["mfa", "resolve", "--verifier", "loopback", "--browser", browser, "--lang", "ko"],
            environment: Self.posixC)
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let (_, last) = try await page.solveAndType { fixture.codes(for: "+15555550199").first }
        let result = try await signedIn

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(last["message"] == "두 번째 인증 수단을 거쳐 lee@example.com(으)로 로그인했습니다. 이 탭을 닫아도 됩니다.")
    }

    @Test("phone sign-in --lang ko whose account needs a second factor: the page says so in Korean")
    func numberVerifiedNeedsSecondFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("park@example.com")
        let uid = try #require(fixture.backend.accounts.first?.localID)
        fixture.challengeNextPhoneSignIn(uid: uid, factorID: ids[0])
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signedIn = fixture.run(
            [
                "phone", "sign-in", "+16505550139", "--verifier", "loopback", "--browser", browser,
                "--mfa-code-command", fixture.codeCommand, "--lang", "ko",
            ], environment: Self.posixC)
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let (_, last) = try await page.solveAndType { fixture.code(for: "+16505550139") }
        let result = try await signedIn

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(last["message"] == "전화번호는 인증되었지만 이 계정은 두 번째 인증 수단도 필요합니다. 터미널로 돌아가세요.")
    }
}

extension LoopbackPageDriver {
    /// Posts a reCAPTCHA token, waits for the code field, types the code `code` reads once it is texted, and
    /// waits for the page's last status: the answer's reply and that status.
    func solveAndType(
        code: () -> String?
    ) async throws -> (answered: HTTPResponse, last: [String: String]) {
        let answered = try await answer([("recaptchaToken", "v2-token")])
        _ = try await waitFor(["code"])
        let typed = try #require(code())
        return (answered, try await submitAndWaitForOutcome(code: typed))
    }
}
