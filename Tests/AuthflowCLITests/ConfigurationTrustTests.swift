import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file found in the working directory is data: it never runs a program nor decides where requests go.
/// Commands and hosts come only from flags, the environment, the user's own configuration file or a file named
/// with `--config`. Through the real binary, against the embedded backend.
@Suite("configuration from the working directory is data")
struct ConfigurationTrustTests {
    /// A token command that leaves `marker` behind when it runs, and prints a token.
    private static func markingCommand(_ marker: String) -> String {
        "touch '\(marker)'; echo app-check-token-from-command"
    }

    private static func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test("an implicit authflow.json's appCheckTokenCommand is ignored with a warning; --config honours it")
    func implicitTokenCommandIsIgnored() async throws {
        let fixture = try await SignedInBackend()
        let marker = fixture.directory.file("PWNED")
        try Self.write(
            #"{"appId": "1:123456:web:abcdef", "appCheckTokenCommand": "\#(Self.markingCommand(marker))"}"#,
            to: fixture.directory.file("authflow.json"))
        // Against an emulator App Check is used only with an App Check URL (the backend's stand-in).
        let arguments = [
            "email", "methods", "x@example.com", "--state-dir", fixture.stateRoot.path, "--app-check-url",
            fixture.backend.appCheckURL,
        ]

        let implicit = try await AuthflowCommand.run(
            arguments, environment: fixture.environment, workingDirectory: fixture.directory.path)

        #expect(implicit.exitCode == 0, "\(implicit.stderrText)")
        #expect(!Self.exists(marker), "a working-directory file ran its token command")
        #expect(fixture.backend.appCheckPresentations.allSatisfy { $0.token == nil })
        let warnings = implicit.stderrText.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(implicit.stderrText)")
        let warning = try #require(warnings.first)
        #expect(warning.contains("appCheckTokenCommand") && warning.contains("authflow.json"))
        #expect(warning.contains("--config authflow.json"), "the warning says how to allow it: \(warning)")

        let named = try await AuthflowCommand.run(
            arguments + ["--config", "authflow.json"], environment: fixture.environment,
            workingDirectory: fixture.directory.path)

        #expect(named.exitCode == 0, "\(named.stderrText)")
        #expect(Self.exists(marker), "a file named with --config is trusted with its token command")
        #expect(!named.stderrText.contains("warning"), "\(named.stderrText)")
        #expect(fixture.backend.appCheckPresentations.contains { $0.token == "app-check-token-from-command" })
    }

    @Test("an implicit file's emulatorHost is ignored: nothing is sent to the host it names")
    func implicitEmulatorHostIsIgnored() async throws {
        let decoy = try EmbeddedBackend(configuration: .init(port: 0))
        defer { decoy.stop() }
        let directory = try TemporaryDirectory()
        try Self.write(#"{"emulatorHost": "\#(decoy.hostAndPort)"}"#, to: directory.file("authflow.json"))

        let result = try await AuthflowCommand.run(
            ["email", "methods", "x@example.com", "--state-dir", directory.file("state")],
            workingDirectory: directory.path)

        // With the host ignored there is no emulator, hence no stand-in API key: a usage error before any request.
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(decoy.receivedHeaders.isEmpty, "the request went to the host a working-directory file named")
        #expect(
            result.stderrText.contains("warning: ignored emulatorHost in authflow.json"), "\(result.stderrText)")

        let named = try await AuthflowCommand.run(
            ["email", "methods", "x@example.com", "--state-dir", directory.file("state"), "--config", "authflow.json"],
            workingDirectory: directory.path)

        #expect(named.exitCode == 0, "\(named.stderrText)")
        #expect(!decoy.receivedHeaders.isEmpty, "a file named with --config chooses the emulator")
    }

    @Test("config show lists every command and host an implicit file set, and why it was ignored")
    func configShowListsIgnoredValues() async throws {
        let directory = try TemporaryDirectory()
        let untrusted = ConfigurationKey.allCases.filter { $0.role != .identifier }
        #expect(
            Set(untrusted) == [
                .appCheckTokenCommand, .emulatorHost, .githubDeviceClientID, .googleDeviceClientID,
                .googleDeviceClientSecret, .facebookAppID, .facebookClientToken, .oidcDeviceClientID, .oidcIssuer,
                .deviceEndpointBase, .appCheckURL,
            ])
        var members = [#""projectId": "p1""#]
        for key in untrusted {
            members.append("\"\(key.jsonName)\": \"\(key == .emulatorHost ? "127.0.0.1:9" : "true")\"")
        }
        try Self.write("{" + members.joined(separator: ", ") + "}", to: directory.file("authflow.json"))

        let json = try await AuthflowCommand.run(
            ["config", "show", "--json", "--offline"], workingDirectory: directory.path)

        #expect(json.exitCode == 0, "\(json.stderrText)")
        let object = try jsonObject(json.stdoutText)
        let values = try #require(object["values"] as? [String: Any])
        for key in untrusted {
            #expect(values[key.jsonName] is NSNull, "\(key.jsonName) taken from a working-directory file")
        }
        #expect((values["projectId"] as? [String: Any])?["value"] as? String == "p1", "identifiers still apply")
        #expect(object["backend"] as? String == "production")
        let ignored = try #require(object["ignoredValues"] as? [[String: Any]])
        #expect(Set(ignored.compactMap { $0["key"] as? String }) == Set(untrusted.map(\.jsonName)))
        #expect(ignored.allSatisfy { $0["file"] as? String == "authflow.json" })
        let reasons = Dictionary(
            uniqueKeysWithValues: ignored.compactMap { entry in
                (entry["key"] as? String).map { ($0, entry["reason"] as? String ?? "") }
            })
        #expect(
            reasons == [
                "appCheckTokenCommand": "runsProgram", "emulatorHost": "choosesEndpoint",
                "oidcIssuer": "choosesEndpoint", "deviceEndpointBase": "choosesEndpoint",
                "appCheckUrl": "choosesEndpoint",
                "githubDeviceClientId": "grantsAccess", "googleDeviceClientId": "grantsAccess",
                "googleDeviceClientSecret": "grantsAccess", "facebookAppId": "grantsAccess",
                "facebookClientToken": "grantsAccess", "oidcDeviceClientId": "grantsAccess",
            ])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.first?["origin"] as? String == "workingDirectory")

        let text = try await AuthflowCommand.run(["config", "show", "--offline"], workingDirectory: directory.path)

        #expect(text.exitCode == 0, "\(text.stderrText)")
        let lines = text.stdoutText.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix("Ignored: appCheckTokenCommand in authflow.json") && $0.contains("command to run")
                    && $0.contains("--config authflow.json")
            }, "\(text.stdoutText)")
        #expect(
            lines.contains {
                $0.hasPrefix("Ignored: emulatorHost in authflow.json") && $0.contains("where requests go")
            }, "\(text.stdoutText)")
    }

    @Test("the user's own configuration file is trusted; one its group can write is refused")
    func userConfigurationFile() async throws {
        let fixture = try await SignedInBackend()
        let marker = fixture.directory.file("ran")
        let configHome = fixture.directory.file("config")
        let authflowDirectory = configHome + "/authflow"
        try FileManager.default.createDirectory(atPath: authflowDirectory, withIntermediateDirectories: true)
        chmod(authflowDirectory, 0o700)
        let userFile = authflowDirectory + "/config.json"
        try Self.write(
            #"{"appId": "1:123456:web:abcdef", "appCheckTokenCommand": "\#(Self.markingCommand(marker))"}"#,
            to: userFile)
        let environment = fixture.environment.merging([
            "XDG_CONFIG_HOME": configHome, "AUTHFLOW_APP_CHECK_URL": fixture.backend.appCheckURL,
        ]) { _, new in new }
        let arguments = ["email", "methods", "x@example.com", "--state-dir", fixture.stateRoot.path]

        let trusted = try await AuthflowCommand.run(
            arguments, environment: environment, workingDirectory: fixture.directory.path)

        #expect(trusted.exitCode == 0, "\(trusted.stderrText)")
        #expect(Self.exists(marker), "the user's own file sets the token command")
        let shown = try await AuthflowCommand.run(
            ["config", "show", "--json", "--offline"], environment: environment,
            workingDirectory: fixture.directory.path)
        let values = try #require(try jsonObject(shown.stdoutText)["values"] as? [String: Any])
        let command = try #require(values["appCheckTokenCommand"] as? [String: Any])
        #expect(command["from"] as? String == userFile)

        try FileManager.default.removeItem(atPath: marker)
        chmod(userFile, 0o620)
        let refused = try await AuthflowCommand.run(
            arguments, environment: environment, workingDirectory: fixture.directory.path)

        #expect(refused.exitCode == 2, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("Refusing the configuration \(userFile)"), "\(refused.stderrText)")
        #expect(refused.stderrText.contains("chmod go-w \(userFile)"), "\(refused.stderrText)")
        #expect(!Self.exists(marker))

        chmod(userFile, 0o600)
        chmod(authflowDirectory, 0o777)
        let openDirectory = try await AuthflowCommand.run(
            arguments, environment: environment, workingDirectory: fixture.directory.path)

        #expect(openDirectory.exitCode == 2, "\(openDirectory.stderrText)")
        #expect(openDirectory.stderrText.contains("Refusing the configuration \(authflowDirectory)"))
        #expect(!Self.exists(marker))
    }

    @Test(
        "an App Check token command runs only when a request goes to Firebase",
        arguments: [
            ["config", "show", "--offline"], ["whoami"], ["token"], ["sessions"], ["sign-out"],
        ])
    func tokenCommandRunsOnlyWhenSomethingIsSent(_ command: [String]) async throws {
        let fixture = try await SignedInBackend()
        let marker = fixture.directory.file("ran")
        let environment = fixture.environment.merging(
            ["AUTHFLOW_APP_CHECK_TOKEN_COMMAND": Self.markingCommand(marker), "FIREBASE_APP_ID": "1:1:web:1"]
        ) { _, new in new }
        let sentBefore = fixture.backend.receivedHeaders.count

        let result = try await AuthflowCommand.run(
            command + ["--state-dir", fixture.stateRoot.path], environment: environment,
            workingDirectory: fixture.directory.path)

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixture.backend.receivedHeaders.count == sentBefore, "\(command) sent a request")
        #expect(!Self.exists(marker), "\(command) ran the token command although it sent nothing")
    }
}
