import AuthflowBackend
import AuthflowDemo
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow apple sign-in` through the backend's emulator IdP widget, its custom-scheme answer handed back
/// through `authflow handle-url` or pasted.
@Suite("authflow apple sign-in: hosted handler")
struct AppleHostedRouteTests {
    static let clientID = "123-abc.apps.googleusercontent.com"
    static let scheme = "com.googleusercontent.apps.123-abc"
    static let iosApp = ["--client-id", clientID, "--ios-bundle-id", "com.example.app"]

    /// A scripted browser (``ScriptedPageBrowser``) that adds a new account on the widget as the form does: the
    /// relay address and name in $AUTHFLOW_APPLE_EMAIL / $AUTHFLOW_APPLE_NAME; $AUTHFLOW_SIMULATE asks for a
    /// page error.
    static func installWidgetBrowser(at path: String) throws -> String {
        try ScriptedPageBrowser.install(
            at: path, page: "/emulator/auth/handler", marker: "Add new account",
            prepare: #"""
                form="new_account=1&email=${AUTHFLOW_APPLE_EMAIL//@/%40}&display_name=${AUTHFLOW_APPLE_NAME// /%20}"
                [ -n "$AUTHFLOW_SIMULATE" ] && form="$form&authflowSimulateError=$AUTHFLOW_SIMULATE"
                """#,
            answer: "/emulator/auth/handler/select?$query&$form")
    }

    static func browserEnvironment(
        email: String = "ada.l@privaterelay.appleid.com", name: String = "Ada Lovelace", simulate: String = ""
    ) -> [String: String] {
        [
            "AUTHFLOW_BINARY": AuthflowCommand.binaryPath, "AUTHFLOW_APPLE_EMAIL": email, "AUTHFLOW_APPLE_NAME": name,
            "AUTHFLOW_SIMULATE": simulate,
        ]
    }

    @Test(
        "The widget's custom-scheme answer reaches the waiting sign-in through handle-url; the relay address and name are shown"
    )
    func handoffThroughHandleURL() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installWidgetBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            [
                "apple", "sign-in", "--browser", browser, "--scopes", "email,name", "--locale", "fr_FR", "--lang", "fr",
                "--json",
            ] + Self.iosApp,
            environment: Self.browserEnvironment())

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["route"] as? String == "hosted")
        #expect(object["isNewUser"] as? Bool == true)
        let apple = try #require(object["apple"] as? [String: Any])
        #expect(apple["email"] as? String == "ada.l@privaterelay.appleid.com")
        #expect(apple["privateRelay"] as? Bool == true)
        #expect(apple["fullName"] as? String == "Ada Lovelace")
        #expect((object["user"] as? [String: Any])?["signInProvider"] as? String == "apple.com")

        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(opened.hasPrefix("http://\(fixture.backend.hostAndPort)/emulator/auth/handler?apiKey="))
        let parameters = QueryParameters(url: opened)
        #expect(
            parameters.pairs.map(\.name) == [
                "apiKey", "authType", "ibi", "sessionId", "v", "eventId", "providerId", "clientId", "scopes",
                "customParameters", "hl",
            ])
        #expect(parameters.value("authType") == "signInWithRedirect")
        #expect(parameters.value("providerId") == "apple.com")
        #expect(parameters.value("scopes") == "email,name")
        #expect(parameters.value("customParameters") == #"{"locale":"fr_FR"}"#)
        let sessionID = try #require(parameters.value("sessionId"))
        #expect(sessionID.count == 64 && sessionID.allSatisfy(\.isHexDigit))
        #expect(
            result.stderrText.contains("`authflow register-scheme \(Self.scheme)`"),
            "the unregistered scheme is pointed out")
        #expect(try fixture.sessions.load()?.email == "ada.l@privaterelay.appleid.com")
    }

    @Test("Text output names the relay address and the name Apple sent")
    func textOutput() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installWidgetBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            ["apple", "sign-in", "--browser", browser] + Self.iosApp, environment: Self.browserEnvironment())

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Signed in as ada.l@privaterelay.appleid.com (uid "))
        #expect(result.stdoutText.contains("Name from Apple: Ada Lovelace."))
        #expect(result.stdoutText.contains("Apple shared a private relay address, ada.l@privaterelay.appleid.com"))
    }

    @Test(
        "A firebaseError from the page (a cancellation, a configuration error) is reported and nothing is signed in",
        arguments: [
            ("user-cancelled", Int32(1), "cancelled at Apple (auth/user-cancelled)"),
            ("invalid-oauth-client-id", Int32(2), "does not match the API key"),
            ("network-request-failed", Int32(3), "could not reach the network"),
        ])
    func pageError(code: String, status: Int32, expected: String) async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installWidgetBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            ["apple", "sign-in", "--browser", browser] + Self.iosApp,
            environment: Self.browserEnvironment(simulate: code))

        #expect(result.exitCode == status, "\(result.stderrText)")
        #expect(result.stderrText.contains("The Sign in with Apple page reported an error: "))
        #expect(result.stderrText.contains(expected))
        #expect(try fixture.sessions.load() == nil)
        #expect(fixture.backend.accounts.isEmpty)
    }

    @Test("USER_CANCELLED from signInWithIdp says the sign-in was cancelled (exit 1)")
    func serverCancelled() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try Self.installWidgetBrowser(at: fixture.directory.file("browser"))
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"USER_CANCELLED"}}"#), for: "accounts:signInWithIdp")

        let result = try await fixture.run(
            ["apple", "sign-in", "--browser", browser] + Self.iosApp, environment: Self.browserEnvironment())

        #expect(result.exitCode == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("The Apple sign-in was cancelled"))
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("With --no-browser the URL is printed and the final custom-scheme URL is pasted; other URLs are refused")
    func pasteBack() async throws {
        let fixture = try PhoneCLIFixture()
        let started = try fixture.start(["apple", "sign-in", "--no-browser"] + Self.iosApp)
        let url = try await started.waitForStandardError { text in
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("http://") && $0.contains("/emulator/auth/handler?") }
        }
        try await started.waitForStandardError { $0.contains("paste") ? $0 : nil }
        let outcome = try await PastedCallback.paste(
            answering: url,
            with: url.replacingOccurrences(of: "/emulator/auth/handler?", with: "/emulator/auth/handler/select?")
                + "&new_account=1&email=paste%40privaterelay.appleid.com",
            into: started)

        #expect(outcome.answerStatus == 303)
        #expect(outcome.termination == .exited(0), "\(started.stderrText)")
        #expect(started.stderrText.contains("open this URL in a browser to sign in with Apple"))
        #expect(started.stderrText.contains("not accepted: That URL is not this flow's callback"))
        #expect(started.stderrText.contains("not accepted: That callback belongs to another attempt"))
        #expect(started.stdoutText.hasPrefix("Signed in as paste@privaterelay.appleid.com"))
    }

    @Test("Without the iOS app's IDs the hosted route says what to configure (exit 2)")
    func notConfigured() async throws {
        let fixture = try PhoneCLIFixture()

        let result = try await fixture.run(["apple", "sign-in", "--no-browser"])

        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("--client-id"))
        #expect(result.stderrText.contains("--ios-bundle-id"))
        #expect(result.stderrText.contains("--id-token TOKEN --nonce RAW"))
    }

    @Test(
        "Headless Chromium picks the fake Apple account (relay address, name) on the widget; the custom-scheme navigation it attempted goes to handle-url",
        .drivesABrowser)
    func headlessChromium() async throws {
        let fixture = try PhoneCLIFixture()
        let claims =
            #"{"sub":"001234.apple.relay","email":"q7x2@privaterelay.appleid.com","email_verified":true,"name":"Grace Hopper"}"#
        _ = try await SignedInBackend.client(for: fixture.backend).send(
            SignInWithIdpRequest(
                requestUri: "http://localhost",
                postBody: "providerId=apple.com&id_token="
                    + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        async let signIn = fixture.run(["apple", "sign-in", "--browser", browser, "--json"] + Self.iosApp)
        let url = try await RecordingBrowser.url(recordedBy: browser)

        let callback = try #require(
            try await HeadlessChromium.capturedNavigation(
                opening: url, clicking: "li.js-reuse-account button.account", startingWith: "\(Self.scheme)://"))
        let handed = try await fixture.run(["handle-url", callback])
        let result = try await signIn

        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["isNewUser"] as? Bool == false, "the existing Apple account was chosen")
        let apple = try #require(object["apple"] as? [String: Any])
        #expect(apple["email"] as? String == "q7x2@privaterelay.appleid.com")
        #expect(apple["fullName"] as? String == "Grace Hopper")
        #expect(apple["userId"] as? String == "001234.apple.relay")
    }
}
