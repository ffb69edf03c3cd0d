import AuthflowBackend
import AuthflowDemo
import AuthflowHTTP
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The hosted route: the backend's stand-in for Firebase's reCAPTCHA page, its custom-scheme answer handed
/// back through `authflow handle-url` or pasted.
@Suite("authflow phone: route hosted")
struct PhoneHostedRouteTests {
    static let clientID = "123-abc.apps.googleusercontent.com"
    static let scheme = "com.googleusercontent.apps.123-abc"
    static let hosted = ["--verifier", "hosted", "--client-id", clientID, "--ios-bundle-id", "com.example.app"]

    /// A scripted browser (``ScriptedPageBrowser``) that answers the stand-in reCAPTCHA as a click would (the
    /// same request the form sends).
    static func installClickingBrowser(at path: String) throws -> String {
        try ScriptedPageBrowser.install(
            at: path, page: "/__/auth/handler", marker: "recaptcha-checkbox", answer: "/__/auth/handler/verify?$query")
    }

    @Test("The page's custom-scheme answer reaches the waiting sign-in through handle-url; the token is forwarded")
    func handoffThroughHandleURL() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installClickingBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            ["phone", "sign-in", "+16505550120", "--browser", browser, "--code-command", fixture.codeCommand, "--json"]
                + Self.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["verifier"] as? String == "hosted")
        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(opened.hasPrefix("http://\(fixture.backend.hostAndPort)/__/auth/handler?apiKey="))
        let names = QueryParameters(url: opened).pairs.map(\.name)
        #expect(names == ["apiKey", "authType", "ibi", "v", "eventId", "clientId"])
        let parameters = QueryParameters(url: opened)
        #expect(parameters.value("authType") == "verifyApp")
        #expect(parameters.value("ibi") == "com.example.app")
        #expect(parameters.value("clientId") == Self.clientID)
        let eventID = try #require(parameters.value("eventId"))
        #expect(eventID.count == 32 && eventID.allSatisfy { $0.isUppercase })
        let token = try #require(fixture.backend.recaptchaTokens.last)
        #expect(token.eventID == eventID)
        #expect(token.presented, "the page's token was sent as recaptchaToken")
        #expect(
            result.stderrText.contains("`authflow register-scheme \(Self.scheme)`"),
            "the unregistered scheme is pointed out")
    }

    @Test("With an app ID and --lang the URL carries appId and hl, and the app- scheme is used")
    func appIDAndLanguage() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installClickingBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            [
                "phone", "sign-in", "+16505550121", "--verifier", "hosted", "--app-id", "1:555:ios:abc",
                "--ios-bundle-id",
                "com.example.app", "--lang", "fr", "--browser", browser, "--code-command", fixture.codeCommand,
            ],
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8)
        #expect(
            QueryParameters(url: opened).pairs.map(\.name) == [
                "apiKey", "authType", "ibi", "v", "eventId", "appId", "hl",
            ])
        #expect(QueryParameters(url: opened).value("hl")?.trimmingCharacters(in: .whitespacesAndNewlines) == "fr")
        let location = try String(contentsOfFile: browser + ".location", encoding: .utf8)
        #expect(location.hasPrefix("app-1-555-ios-abc://firebaseauth/link?deep_link_id="))
    }

    @Test(
        "A firebaseError from the page is reported clearly and no SMS is sent",
        arguments: [
            (
                "auth/invalid-oauth-client-id",
                "The OAuth client ID provided is either invalid or does not match the specified API key.", Int32(2),
                "does not match the API key"
            ),
            ("auth/network-request-failed", "The network request failed .", Int32(3), "could not reach the network"),
            (
                "auth/web-storage-unsupported", "Web storage is not supported.", Int32(1),
                "[auth/web-storage-unsupported] Web storage is not supported."
            ),
        ])
    func pageError(code: String, message: String, status: Int32, expected: String) async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installClickingBrowser(at: fixture.directory.file("browser"))
        fixture.backend.setVerifyAppError(.init(code: code, message: message))

        let result = try await fixture.run(
            ["phone", "sign-in", "+16505550122", "--browser", browser, "--code", "123456"] + Self.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == status, "\(result.stderrText)")
        #expect(result.stderrText.contains("The reCAPTCHA page reported an error: "))
        #expect(result.stderrText.contains(expected))
        #expect(result.stderrText.contains("No SMS was sent."))
        #expect(fixture.smsSent == 0)
    }

    @Test("With --no-browser the URL is printed and the final custom-scheme URL is pasted; other URLs are refused")
    func pasteBack() async throws {
        let fixture = try PhoneCLIFixture()
        let started = try fixture.start(
            ["phone", "sign-in", "+16505550123", "--no-browser", "--code-command", fixture.codeCommand] + Self.hosted)
        let url = try await started.waitForStandardError { text in
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("http://") && $0.contains("/__/auth/handler?") }
        }
        try await started.waitForStandardError { $0.contains("paste") ? $0 : nil }
        let outcome = try await PastedCallback.paste(
            answering: url, with: url.replacingOccurrences(of: "/__/auth/handler?", with: "/__/auth/handler/verify?"),
            into: started)

        #expect(outcome.answerStatus == 303)
        #expect(outcome.termination == .exited(0), "\(started.stderrText)")
        #expect(started.stderrText.contains("open this URL in a browser"))
        #expect(started.stderrText.contains("not accepted: That URL is not this flow's callback"))
        #expect(started.stderrText.contains("not accepted: That callback belongs to another attempt"))
        #expect(started.stdoutText.hasPrefix("Signed in as +16505550123"))
    }

    @Test("Without the iOS app's IDs the hosted route says what to configure")
    func notConfigured() async throws {
        let fixture = try PhoneCLIFixture()

        let result = try await fixture.run(["phone", "sign-in", "+16505550124", "--verifier", "hosted", "--code", "1"])

        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("--client-id"))
        #expect(result.stderrText.contains("--ios-bundle-id"))
        #expect(fixture.smsSent == 0)
    }

    @Test(
        "Headless Chromium clicks through the stand-in page; the custom-scheme navigation it attempted (read from its network log, since headless Chromium launches no protocol handler) goes to handle-url",
        .drivesABrowser)
    func headlessChromium() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(
            ["phone", "sign-in", "+16505550125", "--browser", browser, "--code-command", fixture.codeCommand, "--json"]
                + Self.hosted)
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let callback = try #require(
            try await HeadlessChromium.capturedNavigation(
                opening: url, clicking: "#recaptcha-checkbox", startingWith: "\(Self.scheme)://"))
        let handed = try await fixture.run(["handle-url", callback])
        let result = try await signIn

        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try jsonObject(result.stdoutText)["verifier"] as? String == "hosted")
    }
}
