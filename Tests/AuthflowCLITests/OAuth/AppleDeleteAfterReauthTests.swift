import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// Deleting an Apple account in one command: a hosted-route `--reauth` keeps Apple's OAuth access token (0600,
/// for the re-authenticated user), and `delete-account` revokes it (`ACCESS_TOKEN`) and then deletes.
@Suite("delete-account after an Apple re-authentication")
struct AppleDeleteAfterReauthTests {
    static let claims = OAuthHostedRouteTests.claims(sub: "001122.apple", email: "x9@privaterelay.appleid.com")

    @Test(
        "A hosted --reauth through apple sign-in or oauth sign-in lets delete-account revoke the access token, then delete",
        arguments: [["apple", "sign-in"], ["oauth", "sign-in", "--provider", "apple.com"]])
    func revokeThenDelete(command: [String]) async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try OAuthHostedRouteTests.installBrowser(in: fixture)
        let environment = OAuthHostedRouteTests.environment(Self.claims)
        let signedIn = try await fixture.run(
            command + ["--browser", browser] + OAuthHostedRouteTests.iosApp, environment: environment)
        #expect(signedIn.exitCode == 0, "\(signedIn.stderrText)")

        let refused = try await fixture.run(["delete-account", "--yes"])
        let reauth = try await fixture.run(
            command + ["--reauth", "--browser", browser] + OAuthHostedRouteTests.iosApp, environment: environment)
        let kept = fixture.projectDirectory.file(AppleAccessToken.fileName)
        let mode = (try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? NSNumber)?.intValue
        let deleted = try await fixture.run(["delete-account", "--yes"])

        #expect(refused.exitCode == 2, "no token kept before the re-authentication")
        #expect(refused.stderrText.contains("1. `authflow apple sign-in --reauth`"))
        #expect(reauth.exitCode == 0, "\(reauth.stderrText)")
        #expect(mode == 0o600)
        #expect(deleted.exitCode == 0, "\(deleted.stderrText)")
        #expect(deleted.stderrText.contains("Revoked the Apple access token"))
        #expect(!deleted.stderrText.contains("FirebaseAuthEmulatorFakeAccessToken"), "the token is not shown")
        let revocation = try #require(fixture.backend.tokenRevocations.first)
        #expect(revocation.tokenType == "ACCESS_TOKEN")
        #expect(revocation.providerID == "apple.com")
        #expect(revocation.token == "FirebaseAuthEmulatorFakeAccessToken_apple.com")
        #expect(fixture.backend.accounts.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: kept))
    }

    @Test("A plain sign-in keeps no token, so delete-account still refuses and revokes nothing")
    func onlyAfterReauth() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try OAuthHostedRouteTests.installBrowser(in: fixture)

        let signedIn = try await fixture.run(
            ["apple", "sign-in", "--browser", browser] + OAuthHostedRouteTests.iosApp,
            environment: OAuthHostedRouteTests.environment(Self.claims))
        let refused = try await fixture.run(["delete-account", "--yes"])

        #expect(signedIn.exitCode == 0, "\(signedIn.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: fixture.projectDirectory.file(AppleAccessToken.fileName)))
        #expect(refused.exitCode == 2)
        #expect(fixture.backend.tokenRevocations.isEmpty)
        #expect(fixture.backend.accounts.count == 1)
    }
}
