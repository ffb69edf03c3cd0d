import AuthflowBackend
import AuthflowCore
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The second factor's SMS proves the app by the same routes as phone sign-in: the hosted page answering
/// through the custom scheme and `handle-url`, and the loopback page, which also takes the code.
@Suite("authflow mfa: app verification routes")
struct MFARouteTests {
    @Test("mfa resolve on the hosted route: the page's token goes into phoneSignInInfo of mfaSignIn:start")
    func hostedResolve() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("ada@example.com")
        let stopped = try await fixture.passwordSignIn("ada@example.com")
        #expect(stopped.exitCode == 5)
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            ["mfa", "resolve", "--browser", browser, "--code-command", fixture.codeCommand, "--json"]
                + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["mfaVerifier"] as? String == "hosted")
        #expect((object["secondFactor"] as? [String: Any])?["id"] as? String == ids[0])
        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8)
        #expect(
            QueryParameters(url: opened.trimmingCharacters(in: .whitespacesAndNewlines)).value("authType")
                == "verifyApp")
        #expect(fixture.backend.recaptchaTokens.count == 1)
        #expect(fixture.backend.recaptchaTokens.allSatisfy { $0.presented }, "the token was sent with mfaSignIn:start")
        #expect(try fixture.sessions.load()?.secondFactorID == ids[0])
    }

    @Test("mfa enroll on the loopback page: it shows the number, runs the enrolment action, and takes the code")
    func loopbackEnroll() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await fixture.signUp(email: "bob@example.com")
        #expect(fixture.backend.markEmailVerified(localID: session.uid))
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let enrolled = fixture.run([
            "mfa", "enroll", "+15555550166", "--verifier", "loopback", "--browser", browser, "--json",
        ])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let html = try await page.page()
        let answered = try await page.answer([("recaptchaToken", "v2-token")])
        _ = try await page.waitFor(["code"])
        let code = try #require(fixture.codes(for: "+15555550166").first)
        let submitted = try await page.submit(code: code)
        let result = try await enrolled

        #expect(html.text.contains(#"data-phone="+15555550166""#))
        #expect(html.text.contains(#"data-action="mfaSmsEnrollment""#))
        #expect(answered.status == 200)
        #expect(submitted.status == 202)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["verifier"] as? String == "loopback")
        #expect(object["codeSource"] as? String == "page")
        #expect(
            fixture.backend.accounts.first { $0.localID == session.uid }?.mfaEnrollments.first?.phoneNumber
                == "+15555550166")
    }
}
