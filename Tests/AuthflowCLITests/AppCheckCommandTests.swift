import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// App Check through the real binary, against the embedded backend with App Check enforced.
@Suite("authflow with App Check enforced")
struct AppCheckCommandTests {
    static let appID = "1:123456:web:abcdef"

    private func run(
        _ fixture: SignedInBackend, _ arguments: [String], extra: [String: String] = [:], stdin: [UInt8]? = nil,
        appCheckURL: Bool = true
    ) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path], stdin: stdin,
            environment: (appCheckURL ? Self.environment(fixture) : fixture.environment).merging(extra) { _, new in new
            },
            workingDirectory: fixture.directory.path)
    }

    /// The fixture's environment with the backend's App Check stand-in named: against an emulator, App Check
    /// is used only with an App Check URL.
    static func environment(_ fixture: SignedInBackend) -> [String: String] {
        fixture.environment.merging(["AUTHFLOW_APP_CHECK_URL": fixture.backend.appCheckURL]) { _, new in new }
    }

    private func signIn(
        _ fixture: SignedInBackend, _ options: [String], extra: [String: String] = [:], appCheckURL: Bool = true
    ) async throws -> SubprocessResult {
        try await run(
            fixture, ["email", "sign-in", fixture.email, "--password-stdin", "--verbose"] + options, extra: extra,
            stdin: Array((fixture.password + "\n").utf8), appCheckURL: appCheckURL)
    }

    /// A signed-in fixture whose setup calls are forgotten, with App Check enforced from now on.
    private func enforced() async throws -> SignedInBackend {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)
        return fixture
    }

    private func expectNoSecret(
        _ result: SubprocessResult, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for secret in secrets {
            #expect(!result.stdoutText.contains(secret), "stdout shows a secret", sourceLocation: sourceLocation)
            #expect(!result.stderrText.contains(secret), "stderr shows a secret", sourceLocation: sourceLocation)
        }
    }

    @Test("without a token: exit 2, and the message says App Check is enforced and names the three ways")
    func enforcedWithoutToken() async throws {
        let fixture = try await enforced()
        try fixture.store.remove()

        let result = try await run(
            fixture, ["email", "sign-in", fixture.email, "--password-stdin"],
            stdin: Array((fixture.password + "\n").utf8))

        #expect(result.exitCode == 2)
        #expect(
            result.stderrText == """
                authflow: This project enforces Firebase App Check for Authentication, and authflow sent no App Check \
                token. Provide a token in one of three ways: --app-check-debug-token TOKEN \
                (FIREBASE_APP_CHECK_DEBUG_TOKEN), a debug token registered in the Firebase console under App Check, with \
                --app-id; --app-check-token-command CMD (AUTHFLOW_APP_CHECK_TOKEN_COMMAND), a command that prints a token \
                your backend minted; or --app-check-site-key KEY (AUTHFLOW_APP_CHECK_SITE_KEY) with --app-id, so the \
                browser page gets one with reCAPTCHA Enterprise. authflow.json can set them as appCheckDebugToken, \
                appCheckTokenCommand and appCheckSiteKey.

                """)
        #expect(try fixture.store.load() == nil)
    }

    @Test("debug provider: the flag's debug token is exchanged, the sign-in passes, nothing secret in --verbose output")
    func debugToken() async throws {
        let fixture = try await enforced()
        fixture.backend.registerAppCheckDebugToken("5b7e2c1a-debug-token-registered")
        try fixture.store.remove()

        let result = try await signIn(
            fixture, ["--app-check-debug-token", "5b7e2c1a-debug-token-registered", "--app-id", Self.appID])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try fixture.store.load() != nil)
        #expect(result.stderrText.contains("POST emulator exchangeDebugToken → HTTP 200"), "\(result.stderrText)")
        let issued = fixture.backend.appCheckPresentations.compactMap(\.token)
        #expect(!issued.isEmpty)
        #expect(fixture.backend.appCheckPresentations.allSatisfy { $0.valid })
        expectNoSecret(result, ["5b7e2c1a-debug-token-registered"] + issued)
    }

    @Test("app-check token --json: one object naming the project, the source and the expiry, never the token")
    func tokenJSON() async throws {
        let fixture = try await enforced()
        fixture.backend.registerAppCheckDebugToken("5b7e2c1a-debug-token-json")

        let result = try await run(
            fixture,
            [
                "app-check", "token", "--json", "--app-check-debug-token", "5b7e2c1a-debug-token-json", "--app-id",
                Self.appID,
            ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText.trimmingCharacters(in: .newlines))
        #expect(object["projectId"] as? String == fixture.session.project.projectID)
        #expect(object["source"] as? String == "debugToken")
        let expiresAt = try #require(object["expiresAt"] as? String)
        #expect(try #require(ISO8601DateFormatter().date(from: expiresAt)) > Date())
        #expect(!result.stderrText.contains("App Check token ready"), "the sentence is replaced")
        #expect(fixture.backend.appCheckExchanges.contains { $0.accepted })
        // Those three members and no other: the token the exchange returned stays in the cache.
        #expect(Set(object.keys) == ["projectId", "source", "expiresAt"])
        expectNoSecret(result, ["5b7e2c1a-debug-token-json"])
    }

    @Test("custom provider from the environment: the command's token is sent; a second run reuses the cache")
    func tokenCommand() async throws {
        let fixture = try await enforced()
        let minted = fixture.backend.mintAppCheckToken().token
        let counter = fixture.directory.file("runs")
        let command = "echo run >> '\(counter)'; printf '{\"token\":\"%s\",\"ttl\":\"3600s\"}' '\(minted)'"
        let environment = ["AUTHFLOW_APP_CHECK_TOKEN_COMMAND": command]

        let first = try await run(fixture, ["token", "--force-refresh", "--verbose"], extra: environment)
        let second = try await run(fixture, ["token", "--force-refresh", "--verbose"], extra: environment)

        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(second.exitCode == 0, "\(second.stderrText)")
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "run\n")
        let presented = fixture.backend.appCheckPresentations
        #expect(presented.contains { $0.endpoint == "token" && $0.token == minted })
        expectNoSecret(first, [minted])
        expectNoSecret(second, [minted])
    }

    @Test("a source given on the command line wins over a cached token from another source")
    func flagBeatsOtherCache() async throws {
        let fixture = try await enforced()
        let minted = fixture.backend.mintAppCheckToken().token
        let cache = AppCheckTokenCache(
            directory: ProjectStateDirectory(
                root: fixture.stateRoot, projectID: fixture.backend.projectID, emulatorHost: fixture.backend.hostAndPort
            ))
        try cache.file(source: .debugToken, appID: Self.appID).save(
            CachedAppCheckToken(
                token: "stale-cached-debug-token", expiresAt: Date().addingTimeInterval(3000), source: .debugToken,
                appID: Self.appID))

        let result = try await run(
            fixture,
            ["token", "--force-refresh", "--app-id", Self.appID, "--app-check-token-command", "echo \(minted)"],
            extra: ["FIREBASE_APP_CHECK_DEBUG_TOKEN": "some-debug-token"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixture.backend.appCheckPresentations.map(\.token) == [minted])
        #expect(fixture.backend.appCheckExchanges.isEmpty)
    }

    @Test(
        "against an emulator without --app-check-url: a configured debug token is neither exchanged nor sent, and the command works"
    )
    func emulatorWithoutAppCheckURL() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.registerAppCheckDebugToken("ci-debug-token-0042")
        try fixture.store.remove()
        let ci = ["FIREBASE_APP_CHECK_DEBUG_TOKEN": "ci-debug-token-0042", "FIREBASE_APP_ID": Self.appID]

        let result = try await signIn(fixture, [], extra: ci, appCheckURL: false)
        let obtain = try await run(fixture, ["app-check", "token", "--no-browser"], extra: ci, appCheckURL: false)

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(!result.stderrText.contains("exchangeDebugToken"), "\(result.stderrText)")
        #expect(fixture.backend.appCheckExchanges.isEmpty)
        #expect(!fixture.backend.appCheckPresentations.isEmpty)
        #expect(fixture.backend.appCheckPresentations.allSatisfy { $0.token == nil })
        #expect(obtain.exitCode == 2)
        #expect(
            obtain.stderrText == """
                authflow: Against an Auth emulator authflow makes no App Check exchange and sends no App Check token \
                (the emulator has no App Check). Name an App Check endpoint with --app-check-url URL \
                (AUTHFLOW_APP_CHECK_URL) to use one; requests go to URL/v1/projects/….

                """)
    }

    @Test(
        "an App Check URL from authflow.json found in the working directory is ignored with a warning; named with --config it is used"
    )
    func appCheckURLTrust() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.registerAppCheckDebugToken("ci-debug-token-0043")
        let file = fixture.directory.file("authflow.json")
        try Data(#"{"appCheckUrl": "\#(fixture.backend.appCheckURL)", "appId": "\#(Self.appID)"}"#.utf8).write(
            to: URL(fileURLWithPath: file))
        let ci = ["FIREBASE_APP_CHECK_DEBUG_TOKEN": "ci-debug-token-0043"]

        let implicit = try await run(fixture, ["token", "--force-refresh", "--verbose"], extra: ci, appCheckURL: false)
        let exchangesBefore = fixture.backend.appCheckExchanges.count
        let named = try await run(
            fixture, ["token", "--force-refresh", "--verbose", "--config", file], extra: ci, appCheckURL: false)

        #expect(implicit.exitCode == 0, "\(implicit.stderrText)")
        #expect(implicit.stderrText.contains("appCheckUrl"), "\(implicit.stderrText)")
        #expect(exchangesBefore == 0)
        #expect(named.exitCode == 0, "\(named.stderrText)")
        #expect(named.stderrText.contains("POST emulator exchangeDebugToken → HTTP 200"), "\(named.stderrText)")
        #expect(fixture.backend.appCheckExchanges.map(\.accepted) == [true])
    }

    @Test(
        "a failed exchange on a project that does not enforce App Check: one warning line, the SDKs' placeholder on every call, exit 0"
    )
    func placeholderAfterFailedExchange() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        try fixture.store.remove()

        let result = try await signIn(
            fixture, ["--app-check-debug-token", "stale-unregistered-debug-token", "--app-id", Self.appID])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try fixture.store.load() != nil)
        let warnings = result.stderrText.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
        let expected = """
            authflow: warning: App Check refused the token from --app-check-debug-token (The Firebase Auth backend \
            refused the request (HTTP 403). The server said: App attestation failed.) Check that the debug token is registered for this app (App Check → \
            Apps → Manage debug tokens) and that --app-id names that app. Requests carry App Check's placeholder \
            token instead, as the Firebase SDKs send it; a project that enforces App Check refuses them.
            """
        #expect(warnings == [expected], "\(result.stderrText)")
        let presented = fixture.backend.appCheckPresentations
        #expect(!presented.isEmpty)
        #expect(presented.allSatisfy { $0.token == AppCheckPlaceholder.token })
        #expect(fixture.backend.appCheckExchanges.count == 1)
        expectNoSecret(result, ["stale-unregistered-debug-token"])
    }

    @Test("an enforcing project refuses the placeholder: exit 2, and the message names the three ways")
    func placeholderRefused() async throws {
        let fixture = try await enforced()
        try fixture.store.remove()

        let result = try await signIn(
            fixture, ["--app-check-token-command", "exit 3", "--app-id", Self.appID])

        #expect(result.exitCode == 2)
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.filter { $0.hasPrefix("authflow: warning: ") }.count == 1, "\(result.stderrText)")
        #expect(
            result.stderrText.hasSuffix(
                """
                authflow: This project enforces Firebase App Check for Authentication, and authflow could not obtain \
                an App Check token (see the warning above). Provide a token in one of three ways: \
                --app-check-debug-token TOKEN (FIREBASE_APP_CHECK_DEBUG_TOKEN), a debug token registered in the \
                Firebase console under App Check, with --app-id; --app-check-token-command CMD \
                (AUTHFLOW_APP_CHECK_TOKEN_COMMAND), a command that prints a token your backend minted; or \
                --app-check-site-key KEY (AUTHFLOW_APP_CHECK_SITE_KEY) with --app-id, so the browser page gets one \
                with reCAPTCHA Enterprise. authflow.json can set them as appCheckDebugToken, appCheckTokenCommand \
                and appCheckSiteKey.

                """), "\(result.stderrText)")
        let presented = fixture.backend.appCheckPresentations
        #expect(!presented.isEmpty)
        #expect(presented.allSatisfy { $0.token == AppCheckPlaceholder.token && !$0.valid })
        #expect(try fixture.store.load() == nil)
    }

    @Test("a debug token needs the app ID: exit 2 naming --app-id, before anything is sent")
    func debugTokenNeedsAppID() async throws {
        let fixture = try await enforced()
        try fixture.store.remove()

        let result = try await signIn(fixture, ["--app-check-debug-token", "d-e-b-u-g-0001"])

        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("--app-id"), "\(result.stderrText)")
        #expect(fixture.backend.appCheckPresentations.isEmpty)
        expectNoSecret(result, ["d-e-b-u-g-0001"])
    }

    @Test("config show: each App Check setting with its source, the debug token masked")
    func configShow() async throws {
        let fixture = try await SignedInBackend()
        try Data(#"{"appCheckSiteKey": "6Lc-site-key"}"#.utf8).write(
            to: URL(fileURLWithPath: fixture.directory.file("authflow.json")))

        let result = try await run(
            fixture, ["config", "show"],
            extra: [
                "FIREBASE_APP_CHECK_DEBUG_TOKEN": "0123456789abcdef-debug-secret",
                "AUTHFLOW_APP_CHECK_TOKEN_COMMAND": "mint-app-check",
            ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        let debugLine = try #require(lines.first { $0.contains("appCheckDebugToken") })
        #expect(debugLine.contains("environment FIREBASE_APP_CHECK_DEBUG_TOKEN"))
        #expect(
            lines.contains {
                $0.contains("appCheckTokenCommand") && $0.contains("mint-app-check")
                    && $0.contains("environment AUTHFLOW_APP_CHECK_TOKEN_COMMAND")
            })
        #expect(
            lines.contains {
                $0.contains("appCheckSiteKey") && $0.contains("6Lc-site-key") && $0.contains("file authflow.json")
            })
        #expect(!result.stdoutText.contains("0123456789abcdef-debug-secret"))
    }
}
