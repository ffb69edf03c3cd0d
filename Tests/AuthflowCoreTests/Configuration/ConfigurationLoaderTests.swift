import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

@Suite struct ConfigurationLoaderTests {
    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func flagsBeatEnvironmentBeatFiles() throws {
        let directory = try TemporaryDirectory()
        try write(
            #"{"apiKey":"FILE","projectId":"file-proj","authDomain":"file.example.com","tenantId":"file-t"}"#,
            to: directory.file("authflow.json"))
        var flags = ConfigurationLayer()
        flags.set(.apiKey, "FLAG", from: .flag("--api-key"))
        let configuration = try ConfigurationLoader(
            flags: flags,
            environment: ["FIREBASE_API_KEY": "ENV", "FIREBASE_PROJECT_ID": "env-proj", "FIREBASE_TENANT_ID": "  "],
            workingDirectory: directory.path
        ).load()
        #expect(configuration.apiKey == "FLAG")
        #expect(configuration.source(of: .apiKey) == .flag("--api-key"))
        #expect(configuration.projectID == "env-proj")
        #expect(configuration.source(of: .projectID) == .environment("FIREBASE_PROJECT_ID"))
        #expect(configuration.authDomain == "file.example.com")
        #expect(configuration.source(of: .authDomain) == .file(directory.file("authflow.json")))
        #expect(configuration.tenantID == "file-t", "a blank variable does not hide the file's value")
    }

    @Test func workingDirectoryFilesMergeInOrder() throws {
        let directory = try TemporaryDirectory()
        try write(#"{"apiKey":"OWN"}"#, to: directory.file("authflow.json"))
        try write(
            #"{"apiKey":"WEB","projectId":"web-proj","authDomain":"web.firebaseapp.com"}"#,
            to: directory.file("firebase-config.json"))
        let configuration = try ConfigurationLoader(environment: [:], workingDirectory: directory.path).load()
        #expect(configuration.apiKey == "OWN")
        #expect(configuration.projectID == "web-proj")
        #expect(
            configuration.files.map(\.path) == [
                directory.file("authflow.json"), directory.file("firebase-config.json"),
            ])
    }

    @Test func explicitConfigReplacesTheSearch() throws {
        let directory = try TemporaryDirectory()
        try write(#"{"apiKey":"CWD"}"#, to: directory.file("authflow.json"))
        try write(#"{"apiKey":"CHOSEN"}"#, to: directory.file("other.json"))
        let configuration = try ConfigurationLoader(
            environment: [:], configPath: directory.file("other.json"), workingDirectory: directory.path
        ).load()
        #expect(configuration.apiKey == "CHOSEN")
        #expect(throws: ConfigurationError.unreadableFile(path: directory.file("missing.json"), reason: .noSuchFile)) {
            try ConfigurationLoader(environment: [:], configPath: directory.file("missing.json")).load()
        }
    }

    @Test func emulatorFillsStandIns() throws {
        let configuration = try ConfigurationLoader(
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], workingDirectory: "/nonexistent"
        ).load()
        #expect(configuration.apiKey == ConfigurationLoader.emulatorAPIKey)
        #expect(configuration.projectID == "demo-authflow")
        #expect(configuration.authDomain == "127.0.0.1:9099")
        #expect(configuration.emulatorHost == "127.0.0.1:9099")
        #expect(configuration.source(of: .apiKey)?.kind == "default")
    }

    @Test func badEmulatorHostNamesItsSource() {
        #expect(
            throws: ConfigurationError.invalidValue(
                key: .emulatorHost, value: "localhost", source: .environment("FIREBASE_AUTH_EMULATOR_HOST"),
                reason: .emulatorHost(EmulatorHostError(value: "localhost", problem: .missingPort))
            )
        ) {
            try ConfigurationLoader(
                environment: ["FIREBASE_AUTH_EMULATOR_HOST": "localhost"], workingDirectory: "/nonexistent"
            ).load()
        }
    }

    @Test func missingAPIKeyExplainsEveryWay() throws {
        let configuration = try ConfigurationLoader(environment: [:], workingDirectory: "/nonexistent").load()
        #expect(configuration.apiKey == nil)
        do {
            _ = try configuration.require(.apiKey, purpose: "Signing in")
            Issue.record("expected an error")
        } catch {
            let message = error.description
            // The CLI's `--api-key` advice: ErrorWordingTests.
            #expect(message.contains("FIREBASE_API_KEY"))
            #expect(message.contains("GoogleService-Info.plist"))
            #expect(message.contains("FIREBASE_AUTH_EMULATOR_HOST"))
        }
    }
}

@Suite struct ConfigurationValueTests {
    @Test func authDomainFollowsTheSDKOrder() {
        #expect(AuthDomainSelection.choose(from: ["test.web.app", "test.firebaseapp.com"]) == "test.firebaseapp.com")
        #expect(AuthDomainSelection.choose(from: ["localhost", "test.web.app"]) == "test.web.app")
        #expect(AuthDomainSelection.choose(from: ["localhost", "evilfirebaseapp.com", "a.com"]) == nil)
        #expect(
            AuthDomainSelection.choose(from: ["x.firebaseapp.com"]) == nil, "needs two characters before the suffix")
        #expect(AuthDomainSelection.choose(from: []) == nil)
    }

    @Test func apiKeysAreMasked() {
        #expect(APIKeyMask.mask("AIzaSyA1234567890abcdefghijklmnopqrs") == "AIzaSy…pqrs")
        #expect(APIKeyMask.mask("fake-api-key") == "fa…ey")
        #expect(APIKeyMask.mask("short") == "•••••")
    }
}
