import AuthflowCore
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

@Suite struct ConfigCommandTests {
    @Test func showsEachValueWithItsSource() async throws {
        let directory = try TemporaryDirectory()
        try Data(
            #"{"apiKey":"AIzaSyFROMFILE0000000000000000000000","projectId":"file-proj","authDomain":"file-proj.firebaseapp.com","tenantId":"t-file"}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: directory.file("authflow.json")))
        let result = try await AuthflowCommand.run(
            [
                "config", "show", "--json", "--offline", "--project-id", "flag-proj", "--state-dir",
                directory.file("state"),
            ],
            environment: ["FIREBASE_APP_ID": "1:2:ios:3"], workingDirectory: directory.path)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        let values = try #require(object["values"] as? [String: Any])
        let project = try #require(values["projectId"] as? [String: Any])
        #expect(project["value"] as? String == "flag-proj")
        #expect(project["source"] as? String == "flag")
        #expect(project["from"] as? String == "--project-id")
        let app = try #require(values["appId"] as? [String: Any])
        #expect(app["source"] as? String == "environment")
        let key = try #require(values["apiKey"] as? [String: Any])
        #expect(key["value"] as? String == "AIzaSy…0000", "the API key is masked")
        #expect(key["source"] as? String == "file")
        #expect(values["clientId"] is NSNull)
        #expect(object["backend"] as? String == "production")
        #expect(object["stateDirectory"] as? String == directory.file("state") + "/projects/flag-proj/tenants/t-file")
        #expect(!result.stdoutText.contains("AIzaSyFROMFILE0000000000000000000000"))

        let text = try await AuthflowCommand.run(
            ["config", "show", "--offline"], environment: [:], workingDirectory: directory.path)
        #expect(text.exitCode == 0)
        #expect(
            text.stdoutText.contains("file \(directory.file("authflow.json"))")
                || text.stdoutText.contains("file authflow.json"))
        #expect(text.stdoutText.contains("not set"))
    }

    @Test func derivesTheAuthDomainFromTheBackend() async throws {
        let fixture = try await SignedInBackend()
        // Against the emulator the auth domain is the emulator itself; no request needed.
        let result = try await AuthflowCommand.run(
            ["config", "show", "--json"], environment: fixture.environment, workingDirectory: fixture.directory.path)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let values = try #require(try jsonObject(result.stdoutText)["values"] as? [String: Any])
        let domain = try #require(values["authDomain"] as? [String: Any])
        #expect(domain["value"] as? String == fixture.backend.hostAndPort)
        #expect(domain["source"] as? String == "derived")
    }

    @Test func badConfigurationIsAUsageError() async throws {
        let directory = try TemporaryDirectory()
        try Data("not a config".utf8).write(to: URL(fileURLWithPath: directory.file("weird.txt")))
        let unrecognised = try await AuthflowCommand.run(
            ["config", "show", "--config", directory.file("weird.txt")], workingDirectory: directory.path)
        #expect(unrecognised.exitCode == 2)
        #expect(unrecognised.stderrText.contains("not a configuration authflow understands"))

        let badHost = try await AuthflowCommand.run(
            ["config", "show"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": "http://localhost"],
            workingDirectory: directory.path)
        #expect(badHost.exitCode == 2)
        #expect(badHost.stderrText.contains("FIREBASE_AUTH_EMULATOR_HOST"))

        let notSignedIn = try await AuthflowCommand.run(
            ["token", "--project-id", "p", "--state-dir", directory.file("s")], workingDirectory: directory.path)
        #expect(notSignedIn.exitCode == 1, "not signed in comes before needing a key")
    }

    @Test func missingAPIKeyExplainsWhereToPutIt() async throws {
        let directory = try TemporaryDirectory()
        let root = StateDirectory(path: directory.file("s"))
        try SessionStore(directory: ProjectStateDirectory(root: root, projectID: "p")).save(
            UserSession(
                uid: "u1",
                tokens: SessionTokens(idToken: "a.b.c", refreshToken: "r", expiresAt: Date(timeIntervalSinceNow: -60)),
                project: SessionProject(projectID: "p")))
        let result = try await AuthflowCommand.run(
            ["token", "--project-id", "p", "--state-dir", root.path], workingDirectory: directory.path)
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("No Firebase API key is configured"), "\(result.stderrText)")
        #expect(result.stderrText.contains("--api-key"))
        #expect(result.stdout.isEmpty)

        let config = try await AuthflowCommand.run(["config", "show", "--json"], workingDirectory: directory.path)
        #expect(config.exitCode == 0)
        #expect(try jsonObject(config.stdoutText)["stateDirectory"] is NSNull, "no project, no session directory")
    }
}
