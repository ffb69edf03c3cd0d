import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowPrimitives
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

/// `--tenant-id` against the embedded backend: the client sends `tenantId` on every call, so accounts, codes and
/// tokens land in the tenant, and the stored ID token names it (`firebase.tenant`).
@Suite("authflow --tenant-id against the backend")
struct TenantCLITests {
    static let tenant = "tenant-one"

    /// The session stored for this backend's project and tenant.
    private func tenantSessions(_ fixture: EmailLinkCLIFixture) -> SessionStore {
        tenantSessions(stateRoot: fixture.stateRoot, backend: fixture.backend)
    }

    private func tenantSessions(stateRoot: String, backend: EmbeddedBackend) -> SessionStore {
        SessionStore(
            directory: ProjectStateDirectory(
                root: StateDirectory(path: stateRoot), projectID: backend.projectID, tenantID: Self.tenant,
                emulatorHost: backend.hostAndPort))
    }

    private func tenantClaim(_ idToken: String) throws -> String? {
        let parts = idToken.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Unexpected("not a JWT") }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let data = try #require(Data(base64Encoded: base64))
        let claims = try #require(try JSONParser.parse(Array(data)).objectValue)
        return claims["firebase"]?.objectValue?["tenant"]?.stringValue
    }

    @Test("email-link send and complete: the code, the account and the session are the tenant's")
    func emailLink() async throws {
        let fixture = try EmailLinkCLIFixture()
        let sent = try await fixture.run([
            "email-link", "send", "ada@example.com", "--continue-url", fixture.continueURL, "--tenant-id", Self.tenant,
        ])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        let code = try #require(fixture.backend.oobCodes(tenantID: Self.tenant).last)
        #expect(fixture.backend.oobCodes.isEmpty)
        #expect(code.oobLink.hasSuffix("&tenantId=\(Self.tenant)"))

        let completed = try await fixture.run([
            "email-link", "complete", code.oobLink, "--tenant-id", Self.tenant, "--json",
        ])

        #expect(completed.exitCode == 0, "\(completed.stderrText)")
        #expect(try jsonObject(completed.stdoutText)["result"] as? String == "signedIn")
        #expect(fixture.backend.accounts.isEmpty)
        let account = try #require(fixture.backend.accounts(tenantID: Self.tenant).first)
        #expect(account.email == "ada@example.com")
        #expect(account.tenantID == Self.tenant)
        let session = try #require(try tenantSessions(fixture).load())
        #expect(try tenantClaim(session.tokens.idToken) == Self.tenant)
        let whoami = try await fixture.run(["whoami", "--json", "--tenant-id", Self.tenant])
        #expect(whoami.exitCode == 0, "\(whoami.stderrText)")
        #expect(try jsonObject(whoami.stdoutText)["email"] as? String == "ada@example.com")
    }

    @Test("email sign-in: finds the tenant's password account (not the project's); a refreshed token keeps the tenant")
    func passwordSignIn() async throws {
        let fixture = try EmailLinkCLIFixture()
        let client = SignedInBackend.client(for: fixture.backend)
        _ = try await client.send(
            SignUpRequest(email: "ada@example.com", password: "tenant password", tenantID: Self.tenant))
        let password = Array("tenant password\n".utf8)

        let outside = try await fixture.run(
            ["email", "sign-in", "ada@example.com", "--password-stdin"], stdin: password)
        let inside = try await fixture.run(
            ["email", "sign-in", "ada@example.com", "--password-stdin", "--tenant-id", Self.tenant], stdin: password)

        #expect(outside.exitCode == 1, "\(outside.stderrText)")
        #expect(inside.exitCode == 0, "\(inside.stderrText)")
        var session = try #require(try tenantSessions(fixture).load())
        #expect(try tenantClaim(session.tokens.idToken) == Self.tenant)
        let firstRefreshToken = session.tokens.refreshToken
        session.tokens.expiresAt = Date().addingTimeInterval(-60)
        try tenantSessions(fixture).save(session)
        let token = try await fixture.run(["token", "--tenant-id", Self.tenant])
        #expect(token.exitCode == 0, "\(token.stderrText)")
        let refreshed = token.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        // The backend hands out a new refresh token with every exchange: the session was refreshed.
        #expect(try tenantSessions(fixture).load()?.tokens.refreshToken != firstRefreshToken)
        #expect(try tenantClaim(refreshed) == Self.tenant)
    }

    @Test("oauth sign-in, hosted route: the handler URL carries tid; the account and the session are the tenant's")
    func hostedOAuth() async throws {
        let fixture = try PhoneCLIFixture()
        let claims = OAuthHostedRouteTests.claims(sub: "4242", email: "mona@example.com", name: "Mona Octocat")

        let result = try await OAuthHostedRouteTests.signIn(
            fixture, provider: "github.com", claims: claims, extra: ["--tenant-id", Self.tenant, "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let opened = try String(contentsOfFile: fixture.directory.file("browser") + ".url", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(QueryParameters(url: opened).value("tid") == Self.tenant)
        #expect(fixture.backend.accounts.isEmpty)
        let account = try #require(fixture.backend.accounts(tenantID: Self.tenant).first)
        #expect(account.providers.map(\.providerID).contains("github.com"))
        let session = try #require(try tenantSessions(stateRoot: fixture.stateRoot, backend: fixture.backend).load())
        #expect(try tenantClaim(session.tokens.idToken) == Self.tenant)
    }
}
