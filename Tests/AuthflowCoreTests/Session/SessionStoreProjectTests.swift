import AuthflowCore
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

@Suite("Session store: a session is only ever used for its own project")
struct SessionStoreProjectTests {
    private func session(project: String) -> UserSession {
        UserSession(
            uid: "u1", email: "ada@example.com",
            tokens: SessionTokens(idToken: "id", refreshToken: "refresh", expiresAt: Date().addingTimeInterval(3600)),
            project: SessionProject(projectID: project))
    }

    @Test("A session file naming another project than its directory's is damaged, not used")
    func otherProjectIsDamaged() throws {
        let temporary = try TemporaryDirectory()
        let root = StateDirectory(path: temporary.file("state"))
        let demo = SessionStore(directory: ProjectStateDirectory(root: root, projectID: "demo"))
        let other = SessionStore(directory: ProjectStateDirectory(root: root, projectID: "other"))
        try other.save(session(project: "other"))
        #expect(try other.load()?.project.projectID == "other")

        // Copied (or edited) into the demo project's directory.
        try FileManager.default.createDirectory(
            atPath: demo.directory.path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(atPath: other.path, toPath: demo.path)
        #expect {
            _ = try demo.load()
        } throws: { error in
            guard case StorageError.corrupt(let path, let reason) = error else { return false }
            return path == demo.path && reason == .otherProject(found: "other", expected: "demo")
        }
    }
}
