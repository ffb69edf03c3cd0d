import AuthflowBackend
import AuthflowDemo
import AuthflowTestSupport
import Foundation
import Testing

/// reCAPTCHA Enterprise on `email-link send` and `email sign-in`, against each enforcement state of the
/// embedded backend, with each token source.
@Suite("reCAPTCHA Enterprise protection (CLI)")
struct RecaptchaCLITests {
    static let noWayMessage = """
        authflow: This project requires a reCAPTCHA Enterprise token for %@ (Authentication → Settings → \
        reCAPTCHA: email/password protection), and there is no way to get one here: no terminal to show the \
        reCAPTCHA page from and no --recaptcha-token-command. Run the command at a terminal (a page in your \
        browser gets the token), pass --browser to open that page with a given browser, or pass \
        --recaptcha-token-command CMD, a command that prints a token for the action in $AUTHFLOW_RECAPTCHA_ACTION \
        and the site key in $AUTHFLOW_RECAPTCHA_SITE_KEY. Firebase accepted nothing.

        """

    @Test(
        "ENFORCE: the token command's token for the call's action goes with the first request; nothing leaks into --verbose",
        arguments: RecaptchaCLIFixture.calls)
    func enforceWithCommand(_ call: RecaptchaCLIFixture.Call) async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)

        let result = try await fixture.run(call, ["--recaptcha-token-command", fixture.tokenCommand, "--verbose"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try fixture.tookEffect(call))
        #expect(fixture.tokenCommandCalls == ["\(call.action) \(EmbeddedBackend.standInRecaptchaSiteKey)"])
        let assessments = fixture.backend.recaptchaAssessments
        #expect(assessments.count == 1)
        #expect(assessments.first?.valid == true)
        #expect(assessments.first?.expectedAction == call.action)
        #expect(assessments.first?.token.hasSuffix(RecaptchaCLIFixture.secretPart) == true)
        #expect(!result.stderrText.contains(RecaptchaCLIFixture.secretPart))
        #expect(!result.stdoutText.contains(RecaptchaCLIFixture.secretPart))
        #expect(result.stderrText.contains("recaptchaConfig"), "the --verbose trace shows the exchanges")
    }

    @Test(
        "ENFORCE with neither a page nor a command: exit 2, word for word, and nothing protected is sent",
        arguments: RecaptchaCLIFixture.calls)
    func enforceWithoutSource(_ call: RecaptchaCLIFixture.Call) async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        fixture.backend.setFault(
            .status(500, body: "{}"),
            for: call.action == "getOobCode"
                ? "accounts:sendOobCode" : "accounts:signInWithPassword", times: 1)

        let result = try await fixture.run(call)

        #expect(result.exitCode == 2)
        #expect(result.stderrText == String(format: Self.noWayMessage, call.action))
        #expect(try !fixture.tookEffect(call))
        #expect(
            fixture.backend.isFaultArmed(
                for: call.action == "getOobCode"
                    ? "accounts:sendOobCode" : "accounts:signInWithPassword"), "the protected call was never made")
    }

    @Test(
        "AUDIT with a token command: the token goes with the first request, as the SDKs attach one once the config is known",
        arguments: RecaptchaCLIFixture.calls)
    func auditAttachesUpFront(_ call: RecaptchaCLIFixture.Call) async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)

        let result = try await fixture.run(call, ["--recaptcha-token-command", fixture.tokenCommand])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try fixture.tookEffect(call))
        #expect(fixture.tokenCommandCalls == ["\(call.action) \(EmbeddedBackend.standInRecaptchaSiteKey)"])
        let requests = fixture.sent(call)
        #expect(requests.count == 1, "one request, not a refusal and a retry")
        #expect(requests.first?.token?.hasSuffix(RecaptchaCLIFixture.secretPart) == true)
        #expect(requests.first?.clientType == "CLIENT_TYPE_WEB")
        #expect(requests.first?.recaptchaVersion == "RECAPTCHA_ENTERPRISE")
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
        #expect(!result.stderrText.contains(RecaptchaCLIFixture.secretPart))
    }

    @Test(
        "OFF, AUDIT with no token source, and an emulator: no token, but clientType CLIENT_TYPE_WEB on every call",
        arguments: RecaptchaCLIFixture.calls)
    func clientTypeWithoutToken(_ call: RecaptchaCLIFixture.Call) async throws {
        for state in [EmbeddedBackend.RecaptchaEnforcement.off, .audit, nil] {
            let fixture = try await RecaptchaCLIFixture()
            if let state { fixture.backend.setRecaptchaEnforcement(state, for: .emailPassword) }
            // OFF keeps the token command (never run); AUDIT and the emulator run with no source at all.
            let extra = state == .off ? ["--recaptcha-token-command", fixture.tokenCommand] : []

            let result = try await fixture.run(call, extra)

            let label = state?.rawValue ?? "emulator"
            #expect(result.exitCode == 0, "\(label): \(result.stderrText)")
            #expect(try fixture.tookEffect(call))
            #expect(fixture.tokenCommandCalls.isEmpty)
            #expect(fixture.backend.recaptchaAssessments.isEmpty)
            let requests = fixture.sent(call)
            #expect(requests.map(\.clientType) == ["CLIENT_TYPE_WEB"], "\(label)")
            #expect(requests.map(\.token) == [nil], "\(label)")
            #expect(requests.map(\.recaptchaVersion) == [nil], "\(label)")
        }
    }

    @Test(
        "OFF, refused with MISSING_RECAPTCHA_TOKEN: exactly one retry, with a token",
        arguments: RecaptchaCLIFixture.calls)
    func refusalRetriesOnce(_ call: RecaptchaCLIFixture.Call) async throws {
        let endpoint = call.action == "getOobCode" ? "accounts:sendOobCode" : "accounts:signInWithPassword"
        let missing =
            #"{"error":{"code":400,"message":"MISSING_RECAPTCHA_TOKEN","errors":[{"message":"MISSING_RECAPTCHA_TOKEN","reason":"invalid"}]}}"#

        let retried = try await RecaptchaCLIFixture()
        retried.backend.setRecaptchaEnforcement(.off, for: .emailPassword)
        retried.backend.setFault(.status(400, body: missing), for: endpoint, times: 1)
        let success = try await retried.run(call, ["--recaptcha-token-command", retried.tokenCommand])

        #expect(success.exitCode == 0, "\(success.stderrText)")
        #expect(try retried.tookEffect(call))
        #expect(retried.tokenCommandCalls == ["\(call.action) \(EmbeddedBackend.standInRecaptchaSiteKey)"])
        // The refused first request never reached the check; the retry carried the token.
        let sent = retried.sent(call)
        #expect(sent.count == 1)
        #expect(sent.first?.token?.hasSuffix(RecaptchaCLIFixture.secretPart) == true)
        #expect(sent.first?.clientType == "CLIENT_TYPE_WEB")

        // Refused again: no third request (a fault for three requests keeps one use), and the refusal is worded
        // for the email/password protection, not the phone one.
        let refused = try await RecaptchaCLIFixture()
        refused.backend.setRecaptchaEnforcement(.off, for: .emailPassword)
        refused.backend.setFault(.status(400, body: missing), for: endpoint, times: 3)
        let failure = try await refused.run(call, ["--recaptcha-token-command", refused.tokenCommand])

        #expect(failure.exitCode == 1)
        #expect(refused.backend.isFaultArmed(for: endpoint))
        #expect(refused.tokenCommandCalls.count == 1)
        #expect(try !refused.tookEffect(call))
        #expect(failure.stderrText == String(format: Self.refusedMessage, call.action))

        // And it was two requests, not one: a fault for two is used up.
        let twice = try await RecaptchaCLIFixture()
        twice.backend.setRecaptchaEnforcement(.off, for: .emailPassword)
        twice.backend.setFault(.status(400, body: missing), for: endpoint, times: 2)
        _ = try await twice.run(call, ["--recaptcha-token-command", twice.tokenCommand])
        #expect(!twice.backend.isFaultArmed(for: endpoint))
    }

    static let refusedMessage = """
        authflow: Firebase refused the reCAPTCHA Enterprise fields of %@ (MISSING_RECAPTCHA_TOKEN). The project \
        protects email/password calls with reCAPTCHA Enterprise (Authentication → Settings → reCAPTCHA: \
        email/password protection) and did not accept what was sent. Get a fresh token and run the command again \
        (a --recaptcha-token-command must print a token for the action in $AUTHFLOW_RECAPTCHA_ACTION with the site \
        key in $AUTHFLOW_RECAPTCHA_SITE_KEY), or set email/password reCAPTCHA enforcement to AUDIT or OFF in the \
        Firebase console. Firebase accepted nothing.

        """

    @Test("AUDIT: a token the server refuses is worded for the email/password protection; one request, exit 1")
    func auditRefusedToken() async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        try ExecutableScript.write("#!/bin/sh\necho not-a-stand-in-token\n", to: fixture.tokenCommand)

        let result = try await fixture.run(
            RecaptchaCLIFixture.passwordSignIn, ["--recaptcha-token-command", fixture.tokenCommand])

        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("(INVALID_RECAPTCHA_TOKEN)"))
        #expect(result.stderrText.contains("set email/password reCAPTCHA enforcement to AUDIT or OFF"))
        #expect(!result.stderrText.contains("phone"))
        #expect(fixture.sent(RecaptchaCLIFixture.passwordSignIn).map(\.token) == ["not-a-stand-in-token"])
    }

    @Test("Without a configuration (an emulator's 501), MISSING_RECAPTCHA_TOKEN with no source: exit 2")
    func emulatorRefusalWithoutSource() async throws {
        let fixture = try await RecaptchaCLIFixture()
        let missing = #"{"error":{"code":400,"message":"MISSING_RECAPTCHA_TOKEN"}}"#
        fixture.backend.setFault(.status(400, body: missing), for: "accounts:sendOobCode", times: 1)

        let result = try await fixture.run(RecaptchaCLIFixture.sendLink)

        #expect(result.exitCode == 2)
        #expect(
            result.stderrText.hasPrefix("authflow: This project requires a reCAPTCHA Enterprise token for getOobCode"))
    }

    @Test("A failing token command: exit 2, naming the command; nothing sent")
    func failingCommand() async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)

        let result = try await fixture.run(RecaptchaCLIFixture.sendLink, ["--recaptcha-token-command", "exit 7"])

        #expect(result.exitCode == 2)
        #expect(
            result.stderrText == """
                authflow: The reCAPTCHA token command "exit 7" exited with status 7; see its messages above. Nothing \
                was sent. Check --recaptcha-token-command.

                """)
        #expect(fixture.backend.oobCodes.isEmpty)
    }

    @Test("--recaptcha-stand-in without an emulator is a usage error")
    func standInNeedsEmulator() async throws {
        let fixture = try await RecaptchaCLIFixture()
        let result = try await AuthflowCommand.run(
            RecaptchaCLIFixture.sendLink.arguments + [
                "--recaptcha-stand-in", "--state-dir", fixture.account.stateRoot.path,
                "--project-id", "p", "--api-key", "k",
            ],
            environment: [:], workingDirectory: fixture.account.directory.path)
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("--recaptcha-stand-in loads the embedded backend's stand-in script"))
    }

    @Test(
        "ENFORCE in the browser: headless Chromium runs the page with the stand-in script; the token goes with the call",
        .drivesABrowser, arguments: RecaptchaCLIFixture.calls)
    func enforceInBrowser(_ call: RecaptchaCLIFixture.Call) async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        let browser = try RecordingBrowser.install(at: fixture.account.directory.file("browser"))
        let running = fixture.start(call, ["--browser", browser, "--recaptcha-stand-in", "--verbose"])
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let (final, result) = try await HeadlessChromium().drive(running) { chromium in
            try await chromium.open(url)
            return try await chromium.waitFor(
                "return document.getElementById('authflow').dataset.phase + '|' + document.getElementById('authflow').dataset.action"
            ) { $0.hasPrefix("done|") || $0.hasPrefix("failed|") }
        }

        #expect(final == "done|\(call.action)")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try fixture.tookEffect(call))
        let assessments = fixture.backend.recaptchaAssessments
        #expect(assessments.count == 1)
        #expect(assessments.first?.valid == true)
        let token = try #require(assessments.first?.token)
        #expect(!result.stderrText.contains(token))
        #expect(!result.stdoutText.contains(token))
    }

    @Test(
        "The page loads Google's enterprise.js unless --recaptcha-stand-in; it checks its state; a script that did not load is exit 3"
    )
    func pageOverHTTP() async throws {
        let fixture = try await RecaptchaCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        let browser = try RecordingBrowser.install(at: fixture.account.directory.file("browser"))
        let running = fixture.start(RecaptchaCLIFixture.sendLink, ["--browser", browser])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))

        let html = try await page.page()
        let csp = html.header("Content-Security-Policy") ?? ""
        let stranger = try await page.post("/recaptcha/answer", [("state", "not-the-state"), ("captchaResponse", "x")])
        let reported = try await page.post("/recaptcha/answer", [("state", page.state), ("error", "load-failed")])
        let result = try await running.value

        #expect(html.status == 200)
        #expect(
            html.text.contains(
                "https://www.google.com/recaptcha/enterprise.js?render=\(EmbeddedBackend.standInRecaptchaSiteKey)&amp;onload=authflowEnterpriseLoaded"
            ))
        #expect(html.text.contains(#"data-action="getOobCode""#))
        #expect(!csp.contains(fixture.backend.hostAndPort), "the stand-in is allowed only when asked for")
        #expect(csp.contains("script-src 'nonce-"))
        #expect(stranger.status != 200)
        #expect(reported.status == 200)
        #expect(result.exitCode == 3, "\(result.stderrText)")
        #expect(result.stderrText.contains("The reCAPTCHA script did not load in the browser within 30 seconds"))
        #expect(fixture.backend.oobCodes.isEmpty)
    }
}
