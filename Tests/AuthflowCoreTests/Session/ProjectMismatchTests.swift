import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// Every ID token authflow receives must be for the configured project (`aud`, and `iss` =
/// `https://securetoken.google.com/<project>`); a token of another project is refused before anything is saved.
@Suite struct ProjectMismatchTests {
    static let project = SessionProject(projectID: "p")

    static func token(_ claims: String) -> String {
        let encode = { (text: String) in
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return encode(#"{"alg":"none","typ":"JWT"}"#) + "." + encode(claims) + "."
    }

    @Test func tokenOfTheConfiguredProjectPasses() {
        let token = Self.token(#"{"aud":"demo-a","iss":"https://securetoken.google.com/demo-a","user_id":"u"}"#)
        #expect(ProjectMismatch.check(idToken: token, project: SessionProject(projectID: "demo-a")) == nil)
    }

    @Test func otherAudienceIsAMismatchNamingBothProjects() {
        let token = Self.token(#"{"aud":"demo-b","iss":"https://securetoken.google.com/demo-b"}"#)
        let mismatch = ProjectMismatch.check(idToken: token, project: SessionProject(projectID: "demo-a"))
        #expect(mismatch == ProjectMismatch(configuredProject: "demo-a", tokenProject: "demo-b"))
    }

    @Test func otherIssuerAloneIsAMismatch() {
        let token = Self.token(#"{"aud":"demo-a","iss":"https://securetoken.google.com/demo-b"}"#)
        let mismatch = ProjectMismatch.check(idToken: token, project: SessionProject(projectID: "demo-a"))
        #expect(mismatch?.tokenProject == "demo-b")
        let foreign = Self.token(#"{"aud":"demo-a","iss":"https://accounts.example.com"}"#)
        #expect(ProjectMismatch.check(idToken: foreign, project: SessionProject(projectID: "demo-a")) != nil)
    }

    @Test func refreshedTokenOfAnotherProjectIsRefusedAndNothingSaved() async throws {
        let fixture = try await SignedInBackend()
        var other = fixture.session
        other.project = SessionProject(projectID: "demo-elsewhere", emulatorHost: other.project.emulatorHost)
        other.tokens.expiresAt = Date().addingTimeInterval(-60)
        // Filed where that project's sessions live (a session filed under another project's directory is
        // damaged, a separate check).
        let store = SessionStore(
            directory: ProjectStateDirectory(
                root: fixture.stateRoot, projectID: "demo-elsewhere", emulatorHost: fixture.backend.hostAndPort))
        try store.save(other)
        do {
            _ = try await TokenRefresher(client: fixture.client, store: store).freshSession(project: Self.project)
            Issue.record("expected a project mismatch")
        } catch {
            guard case .projectMismatch(let mismatch) = error else {
                Issue.record("expected .projectMismatch, got \(error)")
                return
            }
            #expect(mismatch.configuredProject == "demo-elsewhere")
            #expect(mismatch.tokenProject == fixture.backend.projectID)
        }
        let stored = try #require(try store.load())
        #expect(stored.tokens.idToken == other.tokens.idToken, "the stored session is unchanged")
        #expect(stored.tokens.refreshToken == other.tokens.refreshToken)
    }
}
