import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// `whoami`, `token`, `sign-out` and `delete-account` run as the real binary against the embedded backend.
@Suite struct AccountCommandTests {
    private func run(
        _ fixture: SignedInBackend, _ arguments: [String], extra: [String: String] = [:]
    ) async throws
        -> SubprocessResult
    {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path],
            environment: fixture.environment.merging(extra) { _, new in new },
            workingDirectory: fixture.directory.path)
    }

    @Test func whoamiShowsTheSessionWithoutTokens() async throws {
        let fixture = try await SignedInBackend()
        let text = try await run(fixture, ["whoami"])
        #expect(text.exitCode == 0, "\(text.stderrText)")
        #expect(text.stdoutText.contains("ada@example.com"))
        #expect(text.stdoutText.contains(fixture.session.uid))
        #expect(text.stdoutText.contains("emulator at \(fixture.backend.hostAndPort)"))

        let json = try await run(fixture, ["whoami", "--json"])
        let object = try jsonObject(json.stdoutText)
        #expect(object["uid"] as? String == fixture.session.uid)
        #expect(object["email"] as? String == "ada@example.com")
        #expect(object["providerIds"] as? [String] == ["password"])
        #expect(object["projectId"] as? String == "demo-authflow")
        for output in [text.stdoutText, json.stdoutText] {
            #expect(!output.contains(fixture.session.tokens.idToken))
            #expect(!output.contains(fixture.session.tokens.refreshToken))
        }
    }

    @Test func whoamiCheckAsksTheServer() async throws {
        let fixture = try await SignedInBackend()
        #expect(fixture.backend.markEmailVerified(localID: fixture.session.uid))
        let result = try await run(fixture, ["whoami", "--check", "--json"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try jsonObject(result.stdoutText)["emailVerified"] as? Bool == true)
    }

    @Test func nobodySignedIn() async throws {
        let fixture = try await SignedInBackend()
        try fixture.store.remove()
        for command in [["whoami"], ["token"], ["delete-account", "--yes"]] {
            let result = try await run(fixture, command)
            #expect(result.exitCode == 1, "\(command)")
            #expect(result.stderrText.contains("Nobody is signed in to demo-authflow"), "\(result.stderrText)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func tokenPrintsOnlyTheStoredTokenWhileFresh() async throws {
        let fixture = try await SignedInBackend()
        let result = try await run(fixture, ["token"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText == fixture.session.tokens.idToken + "\n")
    }

    @Test func tokenRefreshesAnExpiredSession() async throws {
        let fixture = try await SignedInBackend()
        try fixture.expireStoredToken()
        let result = try await run(fixture, ["token", "--verbose"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let token = result.stdoutText.trimmingCharacters(in: .newlines)
        let claims = try #require(IDTokenClaims(jwt: token))
        #expect(claims.userID == fixture.session.uid)
        #expect(try #require(claims.expiresAt) > Date().addingTimeInterval(3000))
        let stored = try #require(try fixture.store.load())
        #expect(stored.tokens.idToken == token)
        #expect(stored.tokens.expiresAt > Date().addingTimeInterval(3000))
        #expect(result.stderrText.contains("POST emulator token → HTTP 200"), "\(result.stderrText)")
        #expect(!result.stderrText.contains(token), "--verbose never logs tokens")
        #expect(!result.stderrText.contains(stored.tokens.refreshToken))
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.store.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func tokenWithTheBackendDownExitsThreeAndKeepsTheSession() async throws {
        let fixture = try await SignedInBackend()
        try fixture.expireStoredToken()
        let before = try fixture.store.load()
        fixture.backend.stop()
        let result = try await run(fixture, ["token"])
        #expect(result.exitCode == 3)
        #expect(result.stdout.isEmpty, "nothing on standard output, so $(authflow token) is empty")
        #expect(result.stderrText.contains("Could not reach Firebase Auth"), "\(result.stderrText)")
        #expect(try fixture.store.load() == before)
    }

    @Test func tokenOfADeletedAccountSaysSignInAgain() async throws {
        let fixture = try await SignedInBackend()
        _ = try await fixture.client.send(DeleteAccountRequest(idToken: fixture.session.tokens.idToken))
        try fixture.expireStoredToken()
        let result = try await run(fixture, ["token", "--verbose"])
        #expect(result.exitCode == 1)
        #expect(
            result.stderrText.contains("Sign in again") || result.stderrText.contains("sign in again"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("server said:"), "--verbose shows the raw server string")
    }

    @Test func signOutForgetsTheSession() async throws {
        let fixture = try await SignedInBackend()
        let first = try await run(fixture, ["sign-out"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(first.stderrText.contains("Signed out ada@example.com"))
        #expect(!FileManager.default.fileExists(atPath: fixture.store.path))
        let again = try await run(fixture, ["sign-out"])
        #expect(again.exitCode == 0)
        #expect(again.stderrText.contains("Nobody was signed in"))
    }

    @Test func deleteAccountNeedsConfirmationWithoutATerminal() async throws {
        let fixture = try await SignedInBackend()
        let refused = try await run(fixture, ["delete-account"])
        #expect(refused.exitCode == 2)
        #expect(refused.stderrText.contains("--yes"))
        #expect(fixture.backend.accounts.count == 1, "nothing deleted")

        let deleted = try await run(fixture, ["delete-account", "--yes"])
        #expect(deleted.exitCode == 0, "\(deleted.stderrText)")
        #expect(fixture.backend.accounts.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.path))
    }

    @Test func sessionsAreKeptPerBackendAndProject() async throws {
        let fixture = try await SignedInBackend()
        let other = try await run(fixture, ["whoami", "--project-id", "another-project"])
        #expect(other.exitCode == 1)
        #expect(other.stderrText.contains("another-project"))
    }
}
