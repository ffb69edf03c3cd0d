import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// Account collisions on `authflow oauth sign-in`: each reply says which providers the existing account has and
/// what to run, keeps the provider credential (0600, used once), and `--pending` finishes without a browser.
@Suite("authflow oauth sign-in: account collisions")
struct OAuthCollisionTests {
    static func pendingFile(_ fixture: PhoneCLIFixture) -> String {
        fixture.projectDirectory.file(PendingOAuthCredential.fileName)
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("needConfirmation: the email belongs to a password account; sign in to it, then --link --pending adds GitHub")
    func needConfirmation() async throws {
        let fixture = try PhoneCLIFixture()
        let owner = try await fixture.signUp(email: "grace@example.com")
        try fixture.sessions.remove()

        let refused = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com",
            claims: OAuthHostedRouteTests.claims(sub: "gh-9", email: "grace@example.com", verified: false))

        #expect(refused.exitCode == 1, "\(refused.stderrText)")
        #expect(
            refused.stderrText.contains(
                "An account with this github.com account's email (grace@example.com) already exists"))
        #expect(refused.stderrText.contains("That account signs in with password."))
        #expect(refused.stderrText.contains("`authflow email sign-in EMAIL`"))
        #expect(refused.stderrText.contains("`authflow oauth sign-in --provider github.com --link --pending`"))
        #expect(try Self.mode(Self.pendingFile(fixture)) == 0o600)
        #expect(try fixture.sessions.load() == nil, "nothing was signed in")
        #expect(!refused.stderrText.contains("FirebaseAuthEmulatorFakeAccessToken"))

        try fixture.sessions.save(owner)
        let linked = try await fixture.run([
            "oauth", "sign-in", "--provider", "github.com", "--link", "--pending", "--json",
        ])
        let again = try await fixture.run(["oauth", "sign-in", "--provider", "github.com", "--link", "--pending"])

        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        let object = try jsonObject(linked.stdoutText)
        #expect(object["route"] as? String == "pending-credential")
        #expect((object["user"] as? [String: Any])?["uid"] as? String == owner.uid)
        #expect(try fixture.sessions.load()?.providerIDs.contains("github.com") == true)
        #expect(!FileManager.default.fileExists(atPath: Self.pendingFile(fixture)), "used once")
        #expect(again.exitCode == 1)
        #expect(again.stderrText.contains("No pending provider credential is waiting"))
    }

    @Test(
        "FEDERATED_USER_ID_ALREADY_LINKED: the GitHub account belongs to another user; --pending signs in to that user")
    func alreadyLinked() async throws {
        let fixture = try PhoneCLIFixture()
        let claims = OAuthHostedRouteTests.claims(sub: "gh-1", email: "first@example.com")
        let first = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com", claims: claims, extra: ["--json"])
        let firstUID = try #require((try jsonObject(first.stdoutText)["user"] as? [String: Any])?["uid"] as? String)
        let second = try await fixture.signUp(email: "second@example.com")

        let refused = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com", claims: claims, extra: ["--link"])

        #expect(refused.exitCode == 1, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("This github.com account is already linked to another Firebase user"))
        #expect(refused.stderrText.contains("`authflow oauth sign-in --provider github.com --pending`"))
        #expect(try fixture.sessions.load()?.uid == second.uid, "the current session is kept")
        #expect(try Self.mode(Self.pendingFile(fixture)) == 0o600)

        let switched = try await fixture.run(["oauth", "sign-in", "--provider", "github.com", "--pending", "--json"])

        #expect(switched.exitCode == 0, "\(switched.stderrText)")
        #expect((try jsonObject(switched.stdoutText)["user"] as? [String: Any])?["uid"] as? String == firstUID)
    }

    @Test("EMAIL_EXISTS: linking a GitHub account whose email another user has names that user's providers")
    func emailExists() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.signUp(email: "taken@example.com")
        _ = try await fixture.signUp(email: "me@example.com")

        let refused = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com",
            claims: OAuthHostedRouteTests.claims(sub: "gh-2", email: "taken@example.com"), extra: ["--link"])

        #expect(refused.exitCode == 1, "\(refused.stderrText)")
        #expect(
            refused.stderrText.contains(
                "Another Firebase user already has this github.com account's email (taken@example.com)"))
        #expect(refused.stderrText.contains("That account signs in with password."))
        #expect(refused.stderrText.contains("--link --pending"))
        #expect(fixture.backend.accounts.allSatisfy { !$0.providers.contains { $0.providerID == "github.com" } })
    }

    @Test("--pending for another provider than the kept one, or with nothing kept, is refused (exit 1)")
    func pendingMismatch() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.signUp(email: "grace@example.com")
        try fixture.sessions.remove()
        _ = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com",
            claims: OAuthHostedRouteTests.claims(sub: "gh-9", email: "grace@example.com", verified: false))

        let other = try await fixture.run(["oauth", "sign-in", "--provider", "google.com", "--pending"])
        let empty = try PhoneCLIFixture()
        let nothing = try await empty.run(["oauth", "sign-in", "--pending"])

        #expect(other.exitCode == 1)
        #expect(other.stderrText.contains("The pending credential is for github.com, not google.com"))
        #expect(FileManager.default.fileExists(atPath: Self.pendingFile(fixture)), "kept for the right provider")
        #expect(nothing.exitCode == 1)
        #expect(nothing.stderrText.contains("No pending provider credential is waiting"))
    }
}

/// What the hosted route says when Firebase refuses the raw session ID (production's check, which the embedded
/// backend makes too): the answer was for another attempt or another machine.
@Suite("Hosted route: a refused session ID")
struct HostedSessionRefusalTests {
    @Test("MISSING_OR_INVALID_NONCE on the hosted route is a rejected provider response (exit 1), not a nonce mistake")
    func refused() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"MISSING_OR_INVALID_NONCE : session mismatch"}}"#),
            for: "accounts:signInWithIdp")
        let claims = OAuthHostedRouteTests.claims(sub: "s-1", email: "s@example.com")

        let oauth = try await OAuthHostedRouteTests.signIn(fixture, provider: "github.com", claims: claims)
        let apple = try await fixture.run(
            ["apple", "sign-in", "--browser", try OAuthHostedRouteTests.installBrowser(in: fixture)]
                + OAuthHostedRouteTests.iosApp,
            environment: OAuthHostedRouteTests.environment(claims))

        #expect(oauth.exitCode == 1)
        #expect(oauth.stderrText.contains("Firebase rejected the provider's response (MISSING_OR_INVALID_NONCE)"))
        #expect(apple.exitCode == 1)
        #expect(apple.stderrText.contains("Firebase rejected Apple's credential"), "\(apple.stderrText)")
        #expect(!apple.stderrText.contains("--nonce"), "no advice about a nonce the person never gave")
        #expect(try fixture.sessions.load() == nil)
    }
}
