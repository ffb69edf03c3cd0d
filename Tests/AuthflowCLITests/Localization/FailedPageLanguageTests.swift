import AuthflowDemo
import AuthflowTestSupport
import Foundation
import Testing

/// The "sign-in failed" page a failing callback gets, from the real `authflow` binary, in the language in force:
/// the failure is typed up to the page and worded there by the CLI, the server's own code and text kept as sent.
@Suite("The sign-in failed page in the language in force")
struct FailedPageLanguageTests {
    /// The POSIX locale `language`, with nothing else choosing one.
    static func posix(_ language: String) -> [String: String] {
        ["LANG": language, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "", "AUTHFLOW_LANG": ""]
    }

    /// The authorization server's own text, shown as it sent it.
    static let serverText = "The user denied access"

    @Test(
        "listen: an authorization server's error in Chromium fails in Korean (LANG=ko_KR) and English (LANG=C)",
        .drivesABrowser)
    func listenInChromium() async throws {
        var pages: [String: String] = [:]
        var callbacks: [String: [String]] = [:]
        for language in ["ko", "C"] {
            let runtime = try TemporaryDirectory()
            let listen = try RunningCommand(
                ["listen", "--json", "--state", "st-9", "--timeout", "60"],
                environment: Self.posix(language == "ko" ? "ko_KR.UTF-8" : "C").merging([
                    "XDG_RUNTIME_DIR": runtime.path
                ]) { _, new in new })
            let first = try #require(await listen.readLine())
            let listening = try #require(
                try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: String])
            let redirectURI = try #require(listening["redirectUri"])
            let chromium = try await HeadlessChromium()
            do {
                try await chromium.open(
                    redirectURI + "?state=st-9&error=access_denied&error_description=The+user+denied+access")
                let shown = try await chromium.evaluate(
                    "return document.documentElement.lang + '\\n' + document.title + '\\n' + document.body.innerText")
                pages[language] = shown?.stringValue ?? ""
            } catch {
                await chromium.quit()
                _ = await listen.finish()
                throw error
            }
            await chromium.quit()
            let (termination, lines) = await listen.finish()
            #expect(termination == .exited(0))
            // The port differs from run to run; everything else must be the same.
            callbacks[language] = lines.map { $0.replacingOccurrences(of: redirectURI, with: "REDIRECT_URI") }
        }
        let korean = pages["ko"] ?? ""
        let english = pages["C"] ?? ""
        #expect(korean.hasPrefix("ko\n로그인 실패\n"), "\(korean)")
        #expect(korean.contains("인증 서버가 오류로 응답했습니다: access_denied (\(Self.serverText))."), "\(korean)")
        let koreanWithoutData = korean.replacingOccurrences(of: Self.serverText, with: "")
        #expect(LibraryErrorCaseTests.englishSentences(in: koreanWithoutData).isEmpty, "\(korean)")
        #expect(english.hasPrefix("en\nSign-in failed\n"), "\(english)")
        #expect(
            english.contains("The authorization server answered with an error: access_denied (\(Self.serverText)).")
        )
        #expect(callbacks["ko"]?.count == 1)
        #expect(callbacks["ko"] == callbacks["C"], "machine output must not change with the language")
    }

    @Test("oauth sign-in --route web: the page reporting a JS SDK error gets a Korean or English failed page")
    func webRouteSDKError() async throws {
        for language in ["ko", "C"] {
            let fixture = try PhoneCLIFixture()
            let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
            async let signIn = fixture.run(
                ["oauth", "sign-in", "--provider", "github.com", "--route", "web", "--browser", browser]
                    + ["--timeout", "60"] + (language == "ko" ? ["--lang", "ko"] : []),
                environment: Self.posix("C"))
            let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))
            let answered = try await page.post(
                "/oauth/answer", [("state", page.state), ("error", "auth/popup-closed-by-user")])
            let result = try await signIn
            let html = answered.text

            #expect(answered.status == 200)
            #expect(result.exitCode == 1)
            if language == "ko" {
                let sentence =
                    "브라우저에서 github.com 로그인이 취소되었습니다(auth/popup-closed-by-user). 로그인하지 않았습니다."
                #expect(html.contains("<html lang=\"ko\">"), "\(html)")
                #expect(html.contains("<title>로그인 실패</title>"), "\(html)")
                #expect(html.contains(sentence), "\(html)")
                #expect(!html.contains("JS SDK reported"), "\(html)")
                #expect(result.stderrText.contains(sentence), "\(result.stderrText)")
            } else {
                let sentence = "The github.com sign-in was cancelled in the browser (auth/popup-closed-by-user)."
                #expect(html.contains("<title>Sign-in failed</title>"), "\(html)")
                #expect(html.contains(sentence), "\(html)")
                #expect(result.stderrText.contains(sentence), "\(result.stderrText)")
            }
        }
    }

    @Test("phone sign-in --lang ko: the loopback page reporting reCAPTCHA did not load gets a Korean failed page")
    func phonePageError() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            ["phone", "sign-in", "+16505550136", "--verifier", "loopback", "--browser", browser, "--lang", "ko"],
            environment: Self.posix("C"))
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let reported = try await page.answer([("error", "load-failed")])
        let result = try await signIn
        let html = reported.text
        let sentence =
            "reCAPTCHA 스크립트가 30초 안에 브라우저에서 로드되지 않았습니다(오프라인이거나, 확장 프로그램이 막았거나, "
            + "네트워크가 www.google.com을 차단함). SMS는 보내지 않았습니다."

        #expect(reported.status == 200)
        #expect(html.contains("<html lang=\"ko\">"), "\(html)")
        #expect(html.contains("<title>로그인 실패</title>"), "\(html)")
        #expect(html.contains(sentence), "\(html)")
        #expect(result.exitCode == 3)
        #expect(result.stderrText.contains(sentence), "\(result.stderrText)")
        #expect(fixture.smsSent == 0)
    }

    @Test("A firebaseError handed over by handle-url (LANG=C) ends the Korean sign-in, which words it in Korean")
    func handedOverFailure() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))
        fixture.backend.setVerifyAppError(
            .init(code: "auth/invalid-oauth-client-id", message: "The OAuth client ID provided is invalid."))

        // The flow runs in Korean; the browser, and the handle-url it runs with the custom-scheme answer, in C.
        let result = try await fixture.run(
            ["phone", "sign-in", "+16505550122", "--browser", browser, "--code", "123456", "--lang", "ko"]
                + PhoneHostedRouteTests.hosted,
            environment: Self.posix("C").merging(["AUTHFLOW_BINARY": AuthflowCommand.binaryPath]) { _, new in new })

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "reCAPTCHA 페이지가 오류를 알렸습니다: 구성 오류: OAuth 클라이언트 ID나 앱 ID가 API 키와 맞지 않습니다. "
                    + "SMS는 보내지 않았습니다."), "\(result.stderrText)")
        #expect(LibraryErrorCaseTests.englishSentences(in: result.stderrText).isEmpty, "\(result.stderrText)")
        #expect(fixture.smsSent == 0)
    }
}
