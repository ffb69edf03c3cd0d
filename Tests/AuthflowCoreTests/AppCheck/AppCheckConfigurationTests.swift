import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowParsing
import Foundation
import Testing

@Suite("App Check configuration: which source, and the command's output")
struct AppCheckConfigurationTests {
    @Test("a flag beats the environment, which beats authflow.json, whatever the source kind")
    func precedence() throws {
        var flags = ConfigurationLayer()
        flags.set(.appCheckTokenCommand, "mint-token", from: .flag("--app-check-token-command"))
        let environment = ["FIREBASE_APP_CHECK_DEBUG_TOKEN": "env-debug"]
        let both = try ConfigurationLoader(flags: flags, environment: environment, workingDirectory: "/nonexistent")
            .load()
        #expect(both.appCheckSource == .tokenCommand("mint-token"))

        let envOnly = try ConfigurationLoader(environment: environment, workingDirectory: "/nonexistent").load()
        #expect(envOnly.appCheckSource == .debugToken("env-debug"))
        #expect(envOnly.source(of: .appCheckDebugToken) == .environment("FIREBASE_APP_CHECK_DEBUG_TOKEN"))

        let file = try ConfigurationFile.parse(
            Array(#"{"apiKey":"k","projectId":"p","appCheckSiteKey":"site-1","appCheckTokenCommand":"cmd"}"#.utf8),
            path: "authflow.json")
        #expect(file.ignoredKeys.isEmpty)
        let fromFile = ProjectConfiguration(values: file.layer.values)
        // Within one layer: the command comes before the site key.
        #expect(fromFile.appCheckSource == .tokenCommand("cmd"))
        var siteOverFile = ConfigurationLayer()
        siteOverFile.set(.appCheckSiteKey, "site-flag", from: .flag("--app-check-site-key"))
        let merged = ProjectConfiguration(values: file.layer.values.merging(siteOverFile.values) { _, flag in flag })
        #expect(merged.appCheckSource == .recaptchaEnterprise(siteKey: "site-flag"))
        #expect(ProjectConfiguration(values: [:]).appCheckSource == nil)
        #expect(ConfigurationKey.appCheckDebugToken.isMasked)
    }

    @Test(
        "against an emulator App Check is used only with an App Check URL, an http(s) base whose exchanges replace App Check's host; anything else is refused naming its source"
    )
    func appCheckURL() throws {
        let debug = ["FIREBASE_APP_CHECK_DEBUG_TOKEN": "ci-debug"]
        let production = try ConfigurationLoader(
            environment: debug.merging(["FIREBASE_API_KEY": "k"]) { $1 }, workingDirectory: "/nonexistent"
        ).load()
        #expect(production.usesAppCheck)
        #expect(try production.identityToolkitConfiguration().appCheckEndpoint == nil)

        let emulator = debug.merging(["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"]) { $1 }
        let bare = try ConfigurationLoader(environment: emulator, workingDirectory: "/nonexistent").load()
        #expect(!bare.usesAppCheck)
        #expect(bare.appCheckSource == .debugToken("ci-debug"), "the source is still configured, only not used")

        let named = try ConfigurationLoader(
            environment: emulator.merging(["AUTHFLOW_APP_CHECK_URL": "http://127.0.0.1:9099/app-check/"]) { $1 },
            workingDirectory: "/nonexistent"
        ).load()
        #expect(named.usesAppCheck)
        let endpoint = try #require(try named.identityToolkitConfiguration().appCheckEndpoint)
        #expect(endpoint.base == "http://127.0.0.1:9099/app-check")
        #expect(endpoint.origin == "http://127.0.0.1:9099")
        #expect(AppCheckEndpoint.production.origin == "https://content-firebaseappcheck.googleapis.com")

        for bad in ["ftp://x.example", "app-check.example.com", "https://x.example/?a=1", "https://u@x.example"] {
            let error = #expect(throws: ConfigurationError.self, "\(bad)") {
                _ = try ConfigurationLoader(
                    environment: emulator.merging(["AUTHFLOW_APP_CHECK_URL": bad]) { $1 },
                    workingDirectory: "/nonexistent"
                ).load()
            }
            guard case .invalidValue(.appCheckURL, _, let source, .appCheckURLNotHTTPURL)? = error else {
                Issue.record("\(bad): \(String(describing: error))")
                continue
            }
            #expect(source == .environment("AUTHFLOW_APP_CHECK_URL"))
        }
    }

    @Test("the command prints a bare token, or JSON with expiresAt, ttl or ttlMillis")
    func commandOutputForms() throws {
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        let bare = try AppCheckTokenCommand.parse(Array("  tok-1\n".utf8), now: now)
        #expect(bare.token == "tok-1")
        #expect(bare.expiresAt == nil)

        let ttl = try AppCheckTokenCommand.parse(Array(#"{"token":"tok-2","ttl":"600s"}"#.utf8), now: now)
        #expect(ttl.expiresAt == now.addingTimeInterval(600))
        let seconds = try AppCheckTokenCommand.parse(Array(#"{"token":"tok-3","ttl":90}"#.utf8), now: now)
        #expect(seconds.expiresAt == now.addingTimeInterval(90))
        let millis = try AppCheckTokenCommand.parse(Array(#"{"token":"tok-4","ttlMillis":3600000}"#.utf8), now: now)
        #expect(millis.expiresAt == now.addingTimeInterval(3600))
        let at = try AppCheckTokenCommand.parse(
            Array(#"{"token":"tok-5","expiresAt":"2030-03-17T18:46:40Z"}"#.utf8), now: now)
        #expect(at.expiresAt == now.addingTimeInterval(3600))

        for bad in ["", "{\"ttl\":\"60s\"}", "{\"token\":\"t\",\"ttl\":\"soon\"}", "two words", "{not json"] {
            #expect(throws: AppCheckFailure.self, "\(bad)") {
                _ = try AppCheckTokenCommand.parse(Array(bad.utf8), now: now)
            }
        }
        let expired = #expect(throws: AppCheckFailure.self) {
            _ = try AppCheckTokenCommand.parse(Array(#"{"token":"t","expiresAt":1000}"#.utf8), now: now)
        }
        guard case .commandTokenExpired = expired?.problem else {
            Issue.record("expected commandTokenExpired")
            return
        }
    }

    @Test("hosted-handler URLs carry the App Check token as the #fac= fragment, after every parameter")
    func hostedFragment() throws {
        let scheme = try #require(CallbackScheme(clientID: "123-abc.apps.googleusercontent.com"))
        let verify = HostedVerifyAppURL(
            authDomain: "p.firebaseapp.com", apiKey: "k", bundleID: "com.example", clientVersion: "v", scheme: scheme,
            languageCode: "fr", eventID: "E", appCheckToken: "tok+/=")
        #expect(verify.url.hasSuffix("&hl=fr#fac=tok%2B/%3D"))
        let none = HostedVerifyAppURL(
            authDomain: "p.firebaseapp.com", apiKey: "k", bundleID: "com.example", clientVersion: "v", scheme: scheme,
            languageCode: nil, eventID: "E")
        #expect(!none.url.contains("#"))
        let apple = AppleRedirectURL(
            authDomain: "p.firebaseapp.com", emulator: false, apiKey: "k", bundleID: "com.example", clientVersion: "v",
            scheme: scheme, tenantID: nil, scopes: [], customParameters: [:], languageCode: nil, eventID: "E",
            sessionID: "S", appCheckToken: "apple-fac")
        #expect(apple.url.hasSuffix("&scopes=#fac=apple-fac"))
    }
}
