import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

/// The remembered address: a private state file per project and tenant, found again by `handle-url`.
@Suite("Pending email links")
struct PendingEmailLinkTests {
    @Test("Sending records the address in a 0600 file in the project's 0700 directory")
    func recordIsPrivate() async throws {
        let fixture = try EmailLinkFixture()
        _ = try await fixture.sendLink(to: "ada@example.com")
        let pending = try #require(try fixture.pending.load())

        #expect(pending.email == "ada@example.com")
        #expect(pending.continueURL == fixture.continueURL)
        #expect(pending.apiKey == "fake-api-key")
        #expect(pending.project == fixture.project)
        let file =
            try FileManager.default.attributesOfItem(atPath: fixture.pending.path)[.posixPermissions] as? NSNumber
        let folder =
            try FileManager.default.attributesOfItem(atPath: fixture.projectDirectory.path)[.posixPermissions]
            as? NSNumber
        #expect(file?.intValue == 0o600)
        #expect(folder?.intValue == 0o700)
    }

    @Test("A send the server refuses leaves the earlier record in place")
    func failedSendKeepsTheEarlierRecord() async throws {
        let fixture = try EmailLinkFixture()
        _ = try await fixture.sendLink(to: "ada@example.com")
        let sender = EmailLinkSender(fixture.flowEnvironment)

        await #expect {
            _ = try await sender.send(to: "bob@example.com", settings: ActionCodeSettings(continueUrl: "not absolute"))
        } throws: { error in
            guard case EmailLinkError.signIn(.service(.server(let server))) = error else { return false }
            return server.code == .invalidContinueURI
        }
        #expect(try fixture.pending.load()?.email == "ada@example.com")
    }

    @Test("Completing with another address keeps the record of the pending one")
    func otherAddressKeepsTheRecord() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "carol@example.com")
        _ = try await fixture.sendLink(to: "ada@example.com")

        let completed = try await fixture.completion().complete(.link(link), email: "carol@example.com")

        #expect(completed.emailSource == .given)
        #expect(try signedInSession(completed.result).email == "carol@example.com")
        #expect(try fixture.pending.load()?.email == "ada@example.com")
    }

    @Test("The search finds the record a link belongs to across projects, tenants and emulators, newest first")
    func search() throws {
        let directory = try TemporaryDirectory()
        let root = StateDirectory(path: directory.path)
        func record(_ email: String, key: String, project: SessionProject, age: TimeInterval) throws {
            let folder = ProjectStateDirectory(
                root: root, projectID: project.projectID, tenantID: project.tenantID, emulatorHost: project.emulatorHost
            )
            try PendingEmailLinkStore(directory: folder).save(
                PendingEmailLink(
                    email: email, sentAt: Date().addingTimeInterval(-age), continueURL: "https://a.example",
                    apiKey: key,
                    project: project))
        }
        try record("prod@example.com", key: "AIzaProd", project: SessionProject(projectID: "prod"), age: 10)
        try record(
            "tenant@example.com", key: "AIzaProd", project: SessionProject(projectID: "prod", tenantID: "t 1"), age: 5)
        try record(
            "old@example.com", key: "k", project: SessionProject(projectID: "demo", emulatorHost: "127.0.0.1:9099"),
            age: 60)
        try record(
            "new@example.com", key: "k", project: SessionProject(projectID: "demo", emulatorHost: "[::1]:9199"), age: 1)

        func emails(_ link: String) throws -> [String] {
            let action = try #require(ActionCodeURL(link))
            return PendingEmailLinkSearch.matches(for: action, under: root).map(\.pending.email)
        }
        #expect(
            try emails("https://prod.firebaseapp.com/__/auth/action?apiKey=AIzaProd&mode=signIn&oobCode=C") == [
                "prod@example.com"
            ])
        #expect(
            try emails(
                "https://prod.firebaseapp.com/__/auth/action?apiKey=AIzaProd&mode=signIn&oobCode=C&tenantId=t%201")
                == ["tenant@example.com"])
        #expect(
            try emails("http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=C&apiKey=fake-api-key")
                == ["new@example.com", "old@example.com"])
        #expect(try emails("https://x.firebaseapp.com/__/auth/action?apiKey=AIzaOther&mode=signIn&oobCode=C").isEmpty)
        let found = PendingEmailLinkSearch.matches(
            for: try #require(ActionCodeURL("https://p/?apiKey=AIzaProd&mode=signIn&oobCode=C&tenantId=t%201")),
            under: root)
        #expect(found.first?.directory.path.hasSuffix("/projects/prod/tenants/t%201") == true)
    }
}
