import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// App Check through the real binary, against the embedded backend with App Check enforced.
@Suite("authflow with App Check enforced")
struct AppCheckCommandTests {
    static let appID = "1:123456:web:abcdef"

    private func run(
        _ fixture: SignedInBackend, _ arguments: [String], extra: [String: String] = [:], stdin: [UInt8]? = nil
    ) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path], stdin: stdin,
            environment: fixture.environment.merging(extra) { _, new in new }, workingDirectory: fixture.directory.path)
    }

    private func signIn(
        _ fixture: SignedInBackend, _ options: [String], extra: [String: String] = [:]
    ) async throws -> SubprocessResult {
        try await run(
            fixture, ["email", "sign-in", fixture.email, "--password-stdin", "--verbose"] + options, extra: extra,
            stdin: Array((fixture.password + "\n").utf8))
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
