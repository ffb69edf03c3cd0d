import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// An account with an SMS second factor signing in through the hosted OAuth route continues into its factor,
/// as every first factor does.
@Suite("authflow oauth sign-in: second factor")
struct OAuthSecondFactorTests {
    @Test("The factor's code from --mfa-code-command finishes a GitHub sign-in; the session carries the factor")
    func continues() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("mfa@example.com")

        let result = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com",
            claims: OAuthHostedRouteTests.claims(sub: "gh-mfa", email: "mfa@example.com"),
            extra: ["--mfa-code-command", fixture.codeCommand, "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect((object["secondFactor"] as? [String: Any])?["id"] as? String == ids[0])
        #expect((object["provider"] as? [String: Any])?["providerId"] as? String == "github.com")
        #expect(try fixture.sessions.load()?.secondFactorID == ids[0])
    }

    @Test("Without a terminal it stops with exit 5 and a saved challenge that mfa resolve finishes")
    func exitFive() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.mfaAccount("mfa5@example.com")

        let stopped = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "google.com",
            claims: OAuthHostedRouteTests.claims(sub: "g-mfa", email: "mfa5@example.com"),
            extra: ["--json"])

        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        #expect(try jsonObject(stopped.stdoutText)["resolveCommand"] as? String == "authflow mfa resolve")
        #expect(try fixture.challenge() != nil)
        #expect(try fixture.sessions.load() == nil)
        let resolved = try await fixture.run(["mfa", "resolve", "--code-command", fixture.codeCommand])
        #expect(resolved.exitCode == 0, "\(resolved.stderrText)")
        #expect(try fixture.sessions.load()?.email == "mfa5@example.com")
    }
}
