import AuthflowBackend
import AuthflowCore
import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow email-link send` and `complete` as the real binary, against the embedded backend over HTTP.
@Suite("authflow email-link")
struct EmailLinkCommandTests {
    @Test("send, then complete a Safe Links-wrapped link with the remembered address (JSON)")
    func sendAndComplete() async throws {
        let fixture = try EmailLinkCLIFixture()
        let sent = try await fixture.run([
            "email-link", "send", "ada@example.com", "--continue-url", fixture.continueURL,
        ])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        #expect(sent.stderrText.contains("Sent a sign-in link to ada@example.com"))
        #expect(sent.stdout.isEmpty)
        let link = try await EmulatorEmailLinks.latest(fixture.backend, email: "ada@example.com")

        let completed = try await fixture.run(["email-link", "complete", LinkWrapper.safeLinks.wrap(link), "--json"])

        #expect(completed.exitCode == 0, "\(completed.stderrText)")
        let object = try jsonObject(completed.stdoutText)
        #expect(object["result"] as? String == "signedIn")
        #expect(object["purpose"] as? String == "signIn")
        #expect(object["isNewUser"] as? Bool == true)
        #expect(object["emailSource"] as? String == "pending")
        #expect(object["continueUrl"] as? String == fixture.continueURL)
        #expect(object["layers"] as? [String] == ["Microsoft Safe Links"])
        #expect((object["user"] as? [String: Any])?["email"] as? String == "ada@example.com")
        let session = try #require(try fixture.sessions.load())
        #expect(!completed.stdoutText.contains(session.tokens.idToken))
        #expect(try fixture.pending.load() == nil)
        let whoami = try await fixture.run(["whoami", "--json"])
        #expect(try jsonObject(whoami.stdoutText)["email"] as? String == "ada@example.com")
    }

    @Test("complete --eml FILE, --html - and - (the link on standard input)")
    func documentsAndStandardInput() async throws {
        let fixture = try EmailLinkCLIFixture()
        let first = try await fixture.sendLink(to: "ada@example.com")
        let message = fixture.directory.file("sign-in.eml")
        try EmailDocument.eml(containing: LinkWrapper.proofpointV3.wrap(first)).write(
            toFile: message, atomically: true, encoding: .utf8)
        let fromFile = try await fixture.run(["email-link", "complete", "--eml", message])
        #expect(fromFile.exitCode == 0, "\(fromFile.stderrText)")
        #expect(fromFile.stdoutText.hasPrefix("Signed in as ada@example.com"))
        #expect(fromFile.stdoutText.contains("The link continues to \(fixture.continueURL)."))

        let second = try await fixture.sendLink(to: "ada@example.com")
        let page = EmailDocument.html(containing: LinkWrapper.dynamicLink.wrap(second))
        let fromPage = try await fixture.run(["email-link", "complete", "--html", "-"], stdin: Array(page.utf8))
        #expect(fromPage.exitCode == 0, "\(fromPage.stderrText)")
        #expect(fromPage.stdoutText.contains("ada@example.com"))

        let third = try await fixture.sendLink(to: "ada@example.com")
        let piped = try await fixture.run(
            ["email-link", "complete", "-"], stdin: Array((LinkWrapper.deepLinkID.wrap(third) + "\n").utf8))
        #expect(piped.exitCode == 0, "\(piped.stderrText)")
        #expect(!fixture.isUnused(first) && !fixture.isUnused(second) && !fixture.isUnused(third))
    }

    @Test("With no remembered address, a terminal is asked for it, saying why")
    func asksOnATerminal() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        try fixture.pending.remove()
        var environment = fixture.environment
        environment["TERM"] = "dumb"
        let terminal = try TerminalSession(
            ["email-link", "complete", link, "--state-dir", fixture.stateRoot], environment: environment)

        #expect(await terminal.waitFor("Email address: "))
        terminal.type("ada@example.com\n")
        let termination = await terminal.finish()

        let shown = String(decoding: terminal.shown, as: UTF8.self)
        #expect(termination == .exited(0), "\(shown)")
        #expect(shown.contains("must be completed with the email address it was sent to"))
        #expect(shown.contains("Signed in as ada@example.com"))
        #expect(try fixture.sessions.load()?.email == "ada@example.com")
    }

    @Test("complete from the continue URL the emulator's /emulator/action redirects to")
    func continueURLRedirect() async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let landing = try await EmulatorEmailLinks.continueURL(afterOpening: link)

        let completed = try await fixture.run(["email-link", "complete", landing])

        #expect(completed.exitCode == 0, "\(completed.stderrText)")
        #expect(try fixture.sessions.load()?.email == "ada@example.com")
    }

    @Test("send puts every option in sendOobCode, and --lang in X-Firebase-Locale")
    func sendOptions() async throws {
        let server = try RecordingServer { _ in
            LoopbackResponse(
                status: 200, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: Array(
                    #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"ada@example.com"}"#.utf8))
        }
        defer { server.stop() }
        let fixture = try EmailLinkCLIFixture()

        let sent = try await fixture.run([
            "email-link", "send", "ada@example.com", "--continue-url", "https://app.example.com/finish",
            "--link-domain", "links.example.com", "--ios-bundle-id", "com.example.ios", "--android-package",
            "com.example.android", "--android-install", "--android-min-version", "12", "--lang", "fr",
            "--emulator", "127.0.0.1:\(server.port)",
        ])

        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        // The project's reCAPTCHA configuration is read first (the reply here names no protection).
        #expect(
            server.requests.map(\.path) == [
                "/identitytoolkit.googleapis.com/v2/recaptchaConfig",
                "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode",
            ])
        let request = try #require(server.requests.last)
        #expect(request.header("X-Firebase-Locale") == "fr")
        let body = try #require(try JSONParser.parse(request.body).objectValue)
        #expect(body["requestType"]?.stringValue == "EMAIL_SIGNIN")
        #expect(body["email"]?.stringValue == "ada@example.com")
        #expect(body["canHandleCodeInApp"]?.boolValue == true)
        #expect(body["continueUrl"]?.stringValue == "https://app.example.com/finish")
        #expect(body["linkDomain"]?.stringValue == "links.example.com")
        #expect(body["iOSBundleId"]?.stringValue == "com.example.ios")
        #expect(body["androidPackageName"]?.stringValue == "com.example.android")
        #expect(body["androidInstallApp"]?.boolValue == true)
        #expect(body["androidMinimumVersion"]?.stringValue == "12")
        #expect(body["clientType"]?.stringValue == "CLIENT_TYPE_WEB", "sendOobCode always names its client type")
        #expect(body["captchaResp"] == nil)
    }

    @Test("Usage errors exit 2: Android options without a package, no link, two sources, --link with --reauth")
    func usageErrors() async throws {
        let fixture = try EmailLinkCLIFixture()
        for arguments in [
            ["email-link", "send", "ada@example.com", "--continue-url", "https://a.example", "--android-install"],
            ["email-link", "send", "ada@example.com"],
            ["email-link", "complete"],
            ["email-link", "complete", "https://a.example/?mode=signIn&oobCode=C&apiKey=K", "--eml", "x.eml"],
            ["email-link", "complete", "https://a.example/?mode=signIn&oobCode=C&apiKey=K", "--link", "--reauth"],
        ] {
            let result = try await fixture.run(arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result.stderrText)")
        }
        #expect(fixture.backend.oobCodes.isEmpty)
    }
}
