import AuthflowBackend
import AuthflowDemo
import AuthflowTestSupport
import Foundation
import Testing

/// The reCAPTCHA Enterprise source: headless Chromium runs the loopback App Check page with the embedded
/// backend's stand-in script (named explicitly), authflow exchanges the token, and later commands use the
/// cached token without a browser.
@Suite("authflow app-check token in the browser")
struct AppCheckBrowserTests {
    static let appID = "1:123456:web:abcdef"
    static let siteKey = "6LcStandInSiteKey"

    @Test(
        "headless Chromium obtains the token on the loopback page; a later sign-in uses the cached token, no browser",
        .drivesABrowser)
    func browserSource() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)
        fixture.backend.registerAppCheckSiteKey(Self.siteKey)
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        let options = [
            "--app-check-site-key", Self.siteKey, "--app-id", Self.appID, "--state-dir", fixture.stateRoot.path,
        ]

        async let obtained = AuthflowCommand.run(
            [
                "app-check", "token", "--browser", browser, "--verbose",
                "--recaptcha-stand-in",
            ] + options,
            environment: AppCheckCommandTests.environment(fixture), workingDirectory: fixture.directory.path)
        let url = try await RecordingBrowser.url(recordedBy: browser)
        #expect(url.hasPrefix("http://localhost:"))

        let chromium = try await HeadlessChromium()
        let phase =
            "return document.getElementById('authflow').dataset.phase + '|' + document.getElementById('status').textContent"
        var final = ""
        do {
            try await chromium.open(url)
            final = try await chromium.waitFor(phase) { $0.hasPrefix("done|") || $0.hasPrefix("failed|") }
        } catch {
            await chromium.quit()
            throw error
        }
        await chromium.quit()
        let result = try await obtained

        #expect(final == "done|Done. You can close this tab and go back to the terminal.")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(
            result.stderrText.contains("POST emulator exchangeRecaptchaEnterpriseToken → HTTP 200"),
            "\(result.stderrText)")
        let exchange = try #require(fixture.backend.appCheckExchanges.first)
        #expect(
            exchange.method == "exchangeRecaptchaEnterpriseToken" && exchange.accepted && exchange.appID == Self.appID)

        // The cached token serves a command that opens no browser.
        let refreshed = try await AuthflowCommand.run(
            ["token", "--force-refresh", "--verbose"] + options, environment: AppCheckCommandTests.environment(fixture),
            workingDirectory: fixture.directory.path)
        #expect(refreshed.exitCode == 0, "\(refreshed.stderrText)")
        let presented = fixture.backend.appCheckPresentations
        #expect(presented.map(\.endpoint) == ["token"])
        #expect(presented.allSatisfy { $0.valid })
        #expect(fixture.backend.appCheckExchanges.count == 1)
        for token in presented.compactMap(\.token) {
            #expect(!result.stderrText.contains(token) && !result.stdoutText.contains(token))
            #expect(!refreshed.stderrText.contains(token))
        }
    }

    @Test("without a cached token, a command that opens no browser says the site key needs one: exit 2")
    func noBrowser() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)

        let result = try await AuthflowCommand.run(
            [
                "token", "--force-refresh", "--app-check-site-key", Self.siteKey, "--app-id", Self.appID,
                "--state-dir", fixture.stateRoot.path,
            ],
            environment: AppCheckCommandTests.environment(fixture), workingDirectory: fixture.directory.path)

        #expect(result.exitCode == 2)
        #expect(
            result.stderrText.contains("--app-check-site-key gets App Check tokens in the browser"),
            "\(result.stderrText)")
        #expect(fixture.backend.appCheckPresentations.isEmpty)
    }
}

/// The hosted handler page gets the App Check token as `#fac=`; the terminal never shows it.
@Suite("authflow phone: App Check on the hosted route")
struct AppCheckHostedRouteTests {
    @Test(
        "phone sign-in via the hosted page: every call carries the token, the page URL ends in #fac=<token>, the terminal shows neither"
    )
    func hostedFragment() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)
        let minted = fixture.backend.mintAppCheckToken().token
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            [
                "phone", "sign-in", "+16505550160", "--browser", browser, "--code-command", fixture.codeCommand,
                "--verbose", "--app-check-token-command", "echo \(minted)", "--app-check-url",
                fixture.backend.appCheckURL,
            ] + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(opened.hasSuffix("#fac=\(minted)"))
        #expect(!result.stderrText.contains(minted) && !result.stdoutText.contains(minted))
        let presented = fixture.backend.appCheckPresentations
        #expect(
            Set(presented.map(\.endpoint)).isSuperset(of: [
                "accounts:sendVerificationCode", "accounts:signInWithPhoneNumber",
            ]))
        #expect(presented.allSatisfy { $0.token == minted && $0.valid })
    }
}

/// With `--no-browser` the printed hosted-handler URL is the only one the user has: it keeps `#fac=`.
@Suite("authflow phone: App Check on the pasted hosted URL")
struct AppCheckPastedHostedURLTests {
    @Test(
        "phone sign-in with --no-browser --verbose: the printed URL ends in #fac=<token>, and no other line (log or --verbose) shows the token"
    )
    func printedURLKeepsFragment() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)
        let minted = fixture.backend.mintAppCheckToken().token
        let started = try fixture.start(
            [
                "phone", "sign-in", "+16505550163", "--no-browser", "--verbose", "--code-command",
                fixture.codeCommand, "--app-check-token-command", "echo \(minted)", "--app-check-url",
                fixture.backend.appCheckURL,
            ] + PhoneHostedRouteTests.hosted)
        let url = try await started.waitForStandardError { text in
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("http://") && $0.contains("/__/auth/handler?") }
        }
        try await started.waitForStandardError { $0.contains("paste") ? $0 : nil }
        let page = String(url[..<(url.firstIndex(of: "#") ?? url.endIndex)])
        let outcome = try await PastedCallback.paste(
            answering: page,
            with: page.replacingOccurrences(of: "/__/auth/handler?", with: "/__/auth/handler/verify?"),
            into: started)

        #expect(outcome.termination == .exited(0), "\(started.stderrText)")
        #expect(url.hasSuffix("#fac=\(minted)"), "\(url)")
        let lines = started.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(minted) } == ["    \(url)"], "\(started.stderrText)")
        #expect(lines.contains { $0.contains("POST emulator accounts:sendVerificationCode") }, "\(started.stderrText)")
        #expect(!started.stdoutText.contains(minted))
        #expect(fixture.backend.appCheckPresentations.allSatisfy { $0.token == minted && $0.valid })
    }
}

/// Phone sign-in words an enforcing project's refusal as App Check's, not as a failed lookup.
@Suite("authflow phone: App Check enforced without a token")
struct AppCheckPhoneRefusalTests {
    @Test("exit 2 with the App Check message; no SMS is sent")
    func phoneWithoutToken() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setAppCheckEnforced(true)

        let result = try await fixture.run([
            "phone", "sign-in", "+16505550161", "--verifier", "loopback", "--no-browser",
        ])

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(
            result.stderrText.hasPrefix(
                "authflow: This project enforces Firebase App Check for Authentication, and authflow sent no App Check token."
            ),
            "\(result.stderrText)")
        #expect(fixture.backend.verificationCodes.isEmpty)
    }
}
