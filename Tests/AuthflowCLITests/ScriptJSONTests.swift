import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// `--json` on the commands that used to print only a sentence, `whoami --check` after the account is gone, and
/// `whoami`'s masked phone numbers, all through the real binary against the embedded backend.
@Suite struct ScriptJSONTests {
    private func run(_ fixture: SignedInBackend, _ arguments: [String]) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path], environment: fixture.environment,
            workingDirectory: fixture.directory.path)
    }

    /// One JSON line on standard output, and no token in it.
    private func line(_ result: SubprocessResult, _ fixture: SignedInBackend) throws -> [String: Any] {
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasSuffix("\n"))
        #expect(result.stdoutText.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1)
        #expect(!result.stdoutText.contains(fixture.session.tokens.idToken))
        #expect(!result.stdoutText.contains(fixture.session.tokens.refreshToken))
        return try jsonObject(result.stdoutText)
    }

    @Test func signOutJSONSaysWhoWasSignedOut() async throws {
        let fixture = try await SignedInBackend()
        let first = try line(try await run(fixture, ["sign-out", "--json"]), fixture)
        #expect(first["signedOut"] as? Bool == true)
        #expect(first["uid"] as? String == fixture.session.uid)
        #expect(first["email"] as? String == "ada@example.com")
        #expect(first["projectId"] as? String == "demo-authflow")
        #expect(!FileManager.default.fileExists(atPath: fixture.store.path))
        let again = try line(try await run(fixture, ["sign-out", "--json"]), fixture)
        #expect(again["signedOut"] as? Bool == false)
        #expect(again["uid"] is NSNull)
    }

    @Test func deleteAccountJSON() async throws {
        let fixture = try await SignedInBackend()
        let object = try line(try await run(fixture, ["delete-account", "--yes", "--json"]), fixture)
        #expect(object["deleted"] as? Bool == true)
        #expect(object["uid"] as? String == fixture.session.uid)
        #expect(object["email"] as? String == "ada@example.com")
        #expect(object["appleTokenRevoked"] as? Bool == false)
        #expect(fixture.backend.accounts.isEmpty)
    }

    @Test func emailVerifyJSON() async throws {
        let fixture = try await SignedInBackend()
        let object = try line(try await run(fixture, ["email", "verify", "--json"]), fixture)
        #expect(object["sent"] as? Bool == true)
        #expect(object["email"] as? String == "ada@example.com")
        #expect(object["requestType"] as? String == "VERIFY_EMAIL")
        let code = try #require(fixture.backend.oobCodes.first { $0.requestType == "VERIFY_EMAIL" })
        #expect(!object.values.contains { ($0 as? String) == code.oobCode }, "the one-time code never shows")
    }

    @Test func emailLinkSendJSON() async throws {
        let fixture = try await SignedInBackend()
        let result = try await run(
            fixture,
            ["email-link", "send", "bo@example.com", "--continue-url", "https://app.example.com/done", "--json"])
        let object = try line(result, fixture)
        #expect(object["sent"] as? Bool == true)
        #expect(object["email"] as? String == "bo@example.com")
        #expect(object["requestType"] as? String == "EMAIL_SIGNIN")
        #expect(object["projectId"] as? String == "demo-authflow")
        let code = try #require(fixture.backend.oobCodes.first { $0.requestType == "EMAIL_SIGNIN" })
        #expect(!result.stdoutText.contains(code.oobCode), "the one-time code never shows")
    }

    @Test func whoamiCheckAfterTheAccountIsDeletedExitsOne() async throws {
        let fixture = try await SignedInBackend()
        _ = try await fixture.client.send(DeleteAccountRequest(idToken: fixture.session.tokens.idToken))
        let offline = try await run(fixture, ["whoami"])
        #expect(offline.exitCode == 0, "without --check nothing is asked")
        let checked = try await run(fixture, ["whoami", "--check"])
        #expect(checked.exitCode == 1, "\(checked.stderrText)")
        #expect(checked.stdout.isEmpty)
        let checkedJSON = try await run(fixture, ["whoami", "--check", "--json"])
        #expect(checkedJSON.exitCode == 1, "\(checkedJSON.stderrText)")
    }

    @Test func whoamiMasksPhoneNumbers() async throws {
        let fixture = try await SignedInBackend()
        var session = fixture.session
        session.phoneNumber = "+16505550199"
        try fixture.store.save(session)
        let text = try await run(fixture, ["whoami"])
        #expect(text.exitCode == 0, "\(text.stderrText)")
        #expect(text.stdoutText.contains("+*******0199"), "\(text.stdoutText)")
        let json = try line(try await run(fixture, ["whoami", "--json"]), fixture)
        #expect(json["phoneNumber"] as? String == "+*******0199")
        for output in [text.stdoutText] { #expect(!output.contains("6505550199")) }
    }

    @Test func registerSchemeListJSON() async throws {
        let home = try TemporaryDirectory()
        let environment = try SchemeCommandTests.desktop(home)
        let empty = try await AuthflowCommand.run(["register-scheme", "--list", "--json"], environment: environment)
        #expect(empty.exitCode == 0, "\(empty.stderrText)")
        #expect(try jsonObject(empty.stdoutText)["schemes"] as? [Any] != nil)
        #expect((try jsonObject(empty.stdoutText)["schemes"] as? [Any])?.isEmpty == true)

        let registered = try await AuthflowCommand.run(
            ["register-scheme", "com.example.json"], environment: environment)
        #expect(registered.exitCode == 0, "\(registered.stderrText)")
        let listed = try await AuthflowCommand.run(["register-scheme", "--list", "--json"], environment: environment)
        #expect(listed.exitCode == 0, "\(listed.stderrText)")
        #expect(listed.stdoutText.split(separator: "\n").count == 1)
        let schemes = try #require(try jsonObject(listed.stdoutText)["schemes"] as? [[String: Any]])
        #expect(schemes.count == 1)
        #expect(schemes.first?["scheme"] as? String == "com.example.json")
        #expect(schemes.first?["isDefault"] as? Bool == true)
        #expect((schemes.first?["desktopFile"] as? String)?.hasSuffix("authflow-com.example.json.desktop") == true)

        let misuse = try await AuthflowCommand.run(["register-scheme", "--json"], environment: environment)
        #expect(misuse.exitCode == 2)
    }

    @Test func sessionsListsEveryStoredSession() async throws {
        let fixture = try await SignedInBackend()
        var other = fixture.session
        other.project = SessionProject(projectID: "second-project", tenantID: nil, emulatorHost: nil)
        other.email = nil
        other.phoneNumber = "+16505550142"
        let otherStore = SessionStore(
            directory: ProjectStateDirectory(root: fixture.stateRoot, projectID: "second-project"))
        try otherStore.save(other)

        let text = try await run(fixture, ["sessions"])
        #expect(text.exitCode == 0, "\(text.stderrText)")
        let lines = text.stdoutText.split(separator: "\n")
        #expect(lines.count == 2, "\(text.stdoutText)")
        #expect(
            text.stdoutText.contains(
                "demo-authflow\t\(fixture.backend.hostAndPort)\t\(fixture.session.uid)\tada@example.com"))
        #expect(text.stdoutText.contains("second-project\tproduction\t\(other.uid)\t+*******0142"))

        let json = try line(try await run(fixture, ["sessions", "--json"]), fixture)
        let rows = try #require(json["sessions"] as? [[String: Any]])
        #expect(rows.count == 2)
        let emulated = try #require(rows.first { $0["projectId"] as? String == "demo-authflow" })
        #expect(emulated["emulatorHost"] as? String == fixture.backend.hostAndPort)
        #expect(emulated["uid"] as? String == fixture.session.uid)
        #expect(emulated["email"] as? String == "ada@example.com")
        let production = try #require(rows.first { $0["projectId"] as? String == "second-project" })
        #expect(production["emulatorHost"] is NSNull)
        #expect(production["phoneNumber"] as? String == "+*******0142")

        try fixture.store.remove()
        try otherStore.remove()
        let none = try line(try await run(fixture, ["sessions", "--json"]), fixture)
        #expect((none["sessions"] as? [Any])?.isEmpty == true)
    }
}
