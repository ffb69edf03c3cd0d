import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// A configured auth domain that is not the project's default is checked against the project's authorized
/// domains (getProjectConfig) before any browser opens, for each flow that opens the hosted handler.
@Suite("Auth domain: checked before the browser opens")
struct AuthDomainCheckTests {
    static let refusal =
        "authflow: The auth domain auth.example.com (--auth-domain) is not among the project's "
        + "authorized domains (localhost), so the hosted page would refuse to finish; no browser was opened. Add it "
        + "under Authentication → Settings → Authorized domains in the Firebase console, or pass --auth-domain with "
        + "one of those.\n"

    @Test("Phone, hosted page: an unauthorized domain is refused (exit 2) with no browser and no SMS")
    func phoneRefused() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            [
                "phone", "sign-in", "+16505550130", "--browser", browser, "--code-command", fixture.codeCommand,
                "--auth-domain", "auth.example.com",
            ] + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 2)
        // The route choice is announced first; the refusal is the last line, word for word.
        #expect(result.stderrText.hasSuffix("\n" + Self.refusal), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: browser + ".url"), "a browser was opened")
        #expect(fixture.backend.verificationCodes.isEmpty)
        #expect(fixture.backend.receivedHeaders.map(\.operation).contains("projects"))
    }

    @Test("Phone, hosted page: an authorized domain (by host, any port) is used as given")
    func phoneAuthorized() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))
        let domain = "localhost:\(fixture.backend.port)"

        let result = try await fixture.run(
            [
                "phone", "sign-in", "+16505550131", "--browser", browser, "--code-command", fixture.codeCommand,
                "--auth-domain", domain,
            ] + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8)
        #expect(opened.hasPrefix("http://\(domain)/__/auth/handler?"))
    }

    @Test("OAuth, hosted page against an emulator: an unauthorized configured domain is refused (exit 2), no browser")
    func oauthRefused() async throws {
        let fixture = try PhoneCLIFixture()
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))

        let result = try await fixture.run(
            [
                "oauth", "sign-in", "--provider", "github.com", "--browser", browser, "--auth-domain",
                "auth.example.com",
            ] + OAuthHostedRouteTests.iosApp,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(
            result.stderrText.hasSuffix("\n" + Self.refusal) || result.stderrText == Self.refusal,
            "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: browser + ".url"), "a browser was opened")
        #expect(fixture.backend.receivedHeaders.map(\.operation).contains("projects"))
    }
}
