import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// A state directory on a file system that is full or read-only (a small tmpfs the test mounts: permission bits
/// do not stop root). A refreshed token is still printed; a one-time link or code is not spent when the session
/// it would produce has nowhere to go.
@Suite("authflow: a full or read-only state directory")
struct UnwritableStateTests {
    enum Condition: String, CaseIterable, Sendable {
        case full, readOnly

        func apply(to disk: SmallFileSystem) throws {
            switch self {
            case .full: try disk.fill()
            case .readOnly: try disk.makeReadOnly()
            }
        }

        func undo(on disk: SmallFileSystem) throws {
            switch self {
            case .full: disk.free()
            case .readOnly: try disk.makeWritable()
            }
        }

        /// How the system error reads in the message.
        var reason: String {
            switch self {
            case .full: "no space is left on the device"
            case .readOnly: "the file system is read-only"
            }
        }
    }

    @Test(
        "token whose ID token expired: the refreshed token is printed (0) with a warning that it was not saved; the stored session is unchanged",
        arguments: Condition.allCases)
    func tokenRefreshedButNotSaved(condition: Condition) async throws {
        let fixture = try EmailLinkCLIFixture()
        let disk = try SmallFileSystem(at: fixture.stateRoot)
        let link = try await fixture.sendLink(to: "ada@example.com")
        let signedIn = try await fixture.run(["email-link", "complete", link])
        try #require(signedIn.exitCode == 0, "\(signedIn.stderrText)")
        var stored = try #require(try fixture.sessions.load())
        stored.tokens.expiresAt = Date().addingTimeInterval(-60)
        try fixture.sessions.save(stored)
        let expired = try #require(try fixture.sessions.load()) // As stored: whole seconds.

        try condition.apply(to: disk)
        let result = try await fixture.run(["token", "--verbose"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let token = result.stdoutText.trimmingCharacters(in: .newlines)
        #expect(result.stderrText.contains("POST emulator token → HTTP 200"), "refreshed: \(result.stderrText)")
        #expect(try #require(IDTokenClaims(jwt: token)?.expiresAt) > Date().addingTimeInterval(3000))
        #expect(
            result.stderrText.contains("warning: the refreshed ID token was printed but could not be saved"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains(condition.reason), "\(result.stderrText)")
        #expect(result.stderrText.contains("the next authflow token refreshes again"), "\(result.stderrText)")
        #expect(!result.stderrText.contains(token), "the warning does not repeat the token")
        #expect(
            try fixture.sessions.load()?.tokens.expiresAt == expired.tokens.expiresAt, "the stored session is as it was"
        )
    }

    @Test(
        "email-link complete refuses (2) before the link is used; once the directory is writable the same link signs in",
        arguments: Condition.allCases)
    func emailLinkNotSpent(condition: Condition) async throws {
        let fixture = try EmailLinkCLIFixture()
        let disk = try SmallFileSystem(at: fixture.stateRoot)
        let link = try await fixture.sendLink(to: "ada@example.com")

        try condition.apply(to: disk)
        let refused = try await fixture.run(["email-link", "complete", link])
        #expect(refused.exitCode == 2, "\(refused.stderrText)")
        #expect(refused.stderrText.contains(condition.reason), "\(refused.stderrText)")
        #expect(
            refused.stderrText.contains("Nothing was sent, so the link or code is still unused"),
            "\(refused.stderrText)")
        #expect(fixture.isUnused(link), "the link was not spent")
        #expect(try fixture.sessions.load() == nil)

        try condition.undo(on: disk)
        let finished = try await fixture.run(["email-link", "complete", link])
        #expect(finished.exitCode == 0, "\(finished.stderrText)")
        #expect(try fixture.sessions.load()?.email == "ada@example.com")
    }

    @Test(
        "phone verify with no space left refuses (2) before the code is used; with space again the same code signs in")
    func phoneCodeNotSpent() async throws {
        let fixture = try PhoneCLIFixture()
        let disk = try SmallFileSystem(at: fixture.stateRoot)
        let number = "+16505550161"
        let waiting = try fixture.start(["phone", "sign-in", number])
        try await waiting.waitForStandardError { $0.contains("Sent an SMS code") ? $0 : nil }
        waiting.send(signal: SIGKILL)
        _ = await waiting.finish()
        let code = try #require(fixture.code(for: number))

        try disk.fill()
        let refused = try await fixture.run(["phone", "verify", "--code", code])
        #expect(refused.exitCode == 2, "\(refused.stderrText)")
        #expect(
            refused.stderrText.contains("Nothing was sent, so the link or code is still unused"),
            "\(refused.stderrText)")
        #expect(!fixture.backend.accounts.contains { $0.phoneNumber == number }, "the code was not used")

        disk.free()
        let finished = try await fixture.run(["phone", "verify", "--code", code])
        #expect(finished.exitCode == 0, "\(finished.stderrText)")
        #expect(try fixture.sessions.load()?.phoneNumber == number)
    }
}
