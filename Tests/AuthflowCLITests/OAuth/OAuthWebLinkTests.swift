import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// `--link` and account collisions on `authflow oauth sign-in --route web`: the page does the provider step with
/// the JS SDK and posts the provider's credential (`credentialFromResult`/`credentialFromError`, `toJSON()`);
/// authflow links it with `signInWithIdp`, or keeps it after a collision for `--link --pending`.
@Suite("authflow oauth sign-in --route web: linking and collisions")
struct OAuthWebLinkTests {
    @Test(
        "--link: the page's sign-in created an account only to carry the credential; authflow deletes it and links GitHub to the signed-in user",
        .drivesABrowser)
    func linkNewProviderAccount() async throws {
        let fixture = try PhoneCLIFixture()
        let owner = try await fixture.signUp(email: "owner@example.com")

        let outcome = try await OAuthWebRouteTests.signIn(
            fixture, provider: "github.com", email: "octo-link@example.com", extra: ["--link"])

        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let object = try jsonObject(outcome.result.stdoutText)
        #expect(object["route"] as? String == "web")
        #expect((object["user"] as? [String: Any])?["uid"] as? String == owner.uid)
        let session = try #require(try fixture.sessions.load())
        #expect(session.uid == owner.uid)
        #expect(session.providerIDs.contains("github.com"))
        #expect(fixture.backend.accounts.count == 1, "the account the page's sign-in created is gone")
    }

    @Test(
        "--link, the GitHub account's email is the signed-in user's: the SDK's account-exists error carries the credential, which authflow links",
        .drivesABrowser)
    func linkFromNeedConfirmation() async throws {
        let fixture = try PhoneCLIFixture()
        let owner = try await fixture.signUp(email: "same@example.com")

        let outcome = try await OAuthWebRouteTests.signIn(
            fixture, provider: "github.com", email: "", extra: ["--link"],
            claims: OAuthHostedRouteTests.claims(sub: "gh-same", email: "same@example.com", verified: false))

        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let session = try #require(try fixture.sessions.load())
        #expect(session.uid == owner.uid)
        #expect(session.providerIDs.contains("github.com"))
        #expect(fixture.backend.accounts.count == 1)
    }

    @Test(
        "needConfirmation on a web sign-in keeps the SDK's credential (0600); after signing in to the account, --link --pending adds GitHub without a browser",
        .drivesABrowser)
    func needConfirmationKeepsCredential() async throws {
        let fixture = try PhoneCLIFixture()
        let owner = try await fixture.signUp(email: "grace-web@example.com")
        try fixture.sessions.remove()

        let refused = try await OAuthWebRouteTests.signIn(
            fixture, provider: "github.com", email: "",
            claims: OAuthHostedRouteTests.claims(sub: "gh-grace", email: "grace-web@example.com", verified: false))

        #expect(refused.phase == "failed")
        #expect(refused.result.exitCode == 1, "\(refused.result.stderrText)")
        #expect(
            refused.result.stderrText.contains(
                "An account with this github.com account's email (grace-web@example.com) already exists"))
        #expect(refused.result.stderrText.contains("That account signs in with password."))
        #expect(refused.result.stderrText.contains("--link --pending` to add github.com"))
        #expect(try OAuthCollisionTests.mode(OAuthCollisionTests.pendingFile(fixture)) == 0o600)
        #expect(!refused.result.stderrText.contains("FirebaseAuthEmulatorFakeAccessToken"))
        #expect(try fixture.sessions.load() == nil)

        try fixture.sessions.save(owner)
        let linked = try await fixture.run(["oauth", "sign-in", "--provider", "github.com", "--link", "--pending"])

        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        #expect(try fixture.sessions.load()?.providerIDs.contains("github.com") == true)
        #expect(!FileManager.default.fileExists(atPath: OAuthCollisionTests.pendingFile(fixture)), "used once")
    }

    @Test(
        "--link with a GitHub account another user has: Firebase refuses (FEDERATED_USER_ID_ALREADY_LINKED), that user is untouched, the credential is kept",
        .drivesABrowser)
    func linkAlreadyLinked() async throws {
        let fixture = try PhoneCLIFixture()
        let first = try await OAuthWebRouteTests.signIn(fixture, provider: "github.com", email: "first-web@example.com")
        #expect(first.result.exitCode == 0, "\(first.result.stderrText)")
        let second = try await fixture.signUp(email: "second-web@example.com")

        let refused = try await OAuthWebRouteTests.signIn(
            fixture, provider: "github.com", email: "", extra: ["--link"], existingAccount: true)

        #expect(refused.result.exitCode == 1, "\(refused.result.stderrText)")
        #expect(
            refused.result.stderrText.contains("This github.com account is already linked to another Firebase user"))
        #expect(refused.result.stderrText.contains("`authflow oauth sign-in --provider github.com --pending`"))
        #expect(try fixture.sessions.load()?.uid == second.uid, "the current session is kept")
        #expect(fixture.backend.accounts.count == 2, "the page's sign-in went to an existing user, not deleted")
        #expect(try OAuthCollisionTests.mode(OAuthCollisionTests.pendingFile(fixture)) == 0o600)
    }

    @Test(
        "--link with a GitHub account whose email another user has: EMAIL_EXISTS names that user's providers",
        .drivesABrowser)
    func linkEmailExists() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.signUp(email: "taken-web@example.com")
        _ = try await fixture.signUp(email: "me-web@example.com")

        let refused = try await OAuthWebRouteTests.signIn(
            fixture, provider: "github.com", email: "", extra: ["--link"],
            claims: OAuthHostedRouteTests.claims(sub: "gh-taken", email: "taken-web@example.com", verified: false))

        #expect(refused.result.exitCode == 1, "\(refused.result.stderrText)")
        #expect(
            refused.result.stderrText.contains(
                "Another Firebase user already has this github.com account's email (taken-web@example.com)"))
        #expect(refused.result.stderrText.contains("That account signs in with password."))
        #expect(fixture.backend.accounts.allSatisfy { !$0.providers.contains { $0.providerID == "github.com" } })
    }
}
