import AuthflowCore
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowPrimitives
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

/// Against Google's servers a link carrying another API key may still be this project's (one key per app),
/// so Firebase is asked which project each key belongs to. A forward proxy stands in for Google here.
@Suite("Email link: whose project a production link belongs to")
struct EmailLinkProjectCheckTests {
    /// Answers `GET v1/projects` with the project number of each key, and `signInWithEmailLink` with
    /// INVALID_OOB_CODE (reaching it shows the check let the link through).
    private final class FakeGoogle: Sendable {
        let proxy: RecordingServer

        init(projects: [String: (number: String, domain: String)], restricted: Set<String> = []) throws {
            proxy = try RecordingServer.forwardProxy { request in
                if request.target.contains("/v1/projects?") {
                    if let key = Self.key(in: request.target), restricted.contains(key) {
                        return Self.json(
                            #"{"error":{"code":403,"message":"Requests from this iOS client application <empty> are blocked.","status":"PERMISSION_DENIED","details":[{"reason":"API_KEY_IOS_APP_BLOCKED"}]}}"#,
                            status: 403)
                    }
                    guard let key = Self.key(in: request.target), let project = projects[key] else {
                        return Self.json(
                            #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","errors":[{"reason":"badRequest"}],"details":[{"reason":"API_KEY_INVALID"}]}}"#,
                            status: 400)
                    }
                    return Self.json(
                        #"{"projectId":"\#(project.number)","authorizedDomains":["localhost","\#(project.domain)"]}"#)
                }
                return Self.json(#"{"error":{"code":400,"message":"INVALID_OOB_CODE"}}"#, status: 400)
            }
        }

        var lookups: Int { proxy.targets.filter { $0.contains("/v1/projects?") }.count }
        var signIns: Int { proxy.targets.filter { $0.contains("accounts:signInWithEmailLink") }.count }

        func completion(ourKey: String, directory: TemporaryDirectory) -> EmailLinkCompletion {
            var configuration = IdentityToolkitConfiguration(apiKey: ourKey, authflowVersion: "test", retry: .none)
            configuration.productionScheme = "http"
            let http = HTTPClient(
                configuration: HTTPClientConfiguration(
                    proxy: ProxyConfiguration(httpProxy: "http://127.0.0.1:\(proxy.port)")))
            let project = SessionProject(projectID: "my-app")
            return EmailLinkCompletion(
                FlowEnvironment(
                    client: IdentityToolkitClient(configuration: configuration, http: http),
                    configuration: ProjectConfiguration(values: [:]), project: project,
                    directory: ProjectStateDirectory(root: StateDirectory(path: directory.path), projectID: "my-app")),
                inspector: LinkInspector(resolver: nil))
        }

        private static func key(in target: String) -> String? {
            target.split(separator: "?").last?.split(separator: "&")
                .first { $0.hasPrefix("key=") }.map { String($0.dropFirst(4)) }
        }

        private static func json(_ body: String, status: Int = 200) -> LoopbackResponse {
            LoopbackResponse(
                status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: Array(body.utf8))
        }
    }

    private let webKey = "AIzaSyWebKeyOfMyApp000000000000000000"
    private let iosKey = "AIzaSyIosKeyOfMyApp000000000000000000"
    private let otherKey = "AIzaSyKeyOfAnotherProject00000000000"

    private func link(apiKey: String, host: String = "my-app.firebaseapp.com") -> String {
        "https://\(host)/__/auth/action?apiKey=\(apiKey)&mode=signIn&oobCode=CODE123&continueUrl=https%3A%2F%2Fapp.example.com&lang=en"
    }

    @Test("Another app's key of the same project passes (both keys name one project number)")
    func sameProjectOtherKey() async throws {
        let google = try FakeGoogle(projects: [
            webKey: ("1234567890", "my-app.firebaseapp.com"), iosKey: ("1234567890", "my-app.firebaseapp.com"),
        ])
        defer { google.proxy.stop() }
        let directory = try TemporaryDirectory()

        await #expect {
            _ = try await google.completion(ourKey: webKey, directory: directory).complete(
                .link(link(apiKey: iosKey)), email: "ada@example.com")
        } throws: { error in
            guard case EmailLinkError.linkUnusable(let server) = error else { return false }
            return server.code == .invalidOobCode
        }
        #expect(google.lookups == 2)
        #expect(google.signIns == 1)
    }

    @Test("A key of another project is refused, naming that project's number and domain; nothing is spent")
    func differentProject() async throws {
        let google = try FakeGoogle(projects: [
            webKey: ("1234567890", "my-app.firebaseapp.com"), otherKey: ("999", "other-app.firebaseapp.com"),
        ])
        defer { google.proxy.stop() }
        let directory = try TemporaryDirectory()

        await #expect {
            _ = try await google.completion(ourKey: webKey, directory: directory)
                .complete(.link(link(apiKey: otherKey, host: "other-app.firebaseapp.com")), email: "ada@example.com")
        } throws: { error in
            guard case EmailLinkError.otherProject(let other) = error,
                case .differentProject(let number, _) = other.reason
            else { return false }
            let message = "\(error)"
            return number == "999" && message.contains("project 999 (other-app.firebaseapp.com)")
                && message.contains("not to my-app") && message.contains("The link was not used")
        }
        #expect(google.signIns == 0)
    }

    @Test("A key Firebase does not know is refused as damaged; an emulator link is refused without asking")
    func unknownKeyAndEmulatorLink() async throws {
        let google = try FakeGoogle(projects: [webKey: ("1234567890", "my-app.firebaseapp.com")])
        defer { google.proxy.stop() }
        let directory = try TemporaryDirectory()
        let completion = google.completion(ourKey: webKey, directory: directory)

        await #expect {
            _ = try await completion.complete(.link(link(apiKey: otherKey)), email: "ada@example.com")
        } throws: { error in
            guard case EmailLinkError.otherProject(let other) = error else { return false }
            return other.reason == .unknownKey
        }
        let lookupsBefore = google.lookups
        await #expect {
            _ = try await completion.complete(
                .link("http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en&oobCode=C&apiKey=fake-api-key"),
                email: "ada@example.com")
        } throws: { error in
            guard case EmailLinkError.otherProject(let other) = error else { return false }
            // The CLI's `--emulator` advice: ErrorWordingTests.
            return other.reason == .emulatorLink && "\(error)".contains("FIREBASE_AUTH_EMULATOR_HOST")
        }
        #expect(google.lookups == lookupsBefore)
        #expect(google.signIns == 0)
    }

    @Test("A key restricted to another app cannot be looked up from here: the link is let through to the sign-in")
    func restrictedKey() async throws {
        let google = try FakeGoogle(projects: [webKey: ("1234567890", "my-app.firebaseapp.com")], restricted: [iosKey])
        defer { google.proxy.stop() }
        let directory = try TemporaryDirectory()

        await #expect {
            _ = try await google.completion(ourKey: webKey, directory: directory).complete(
                .link(link(apiKey: iosKey)), email: "ada@example.com")
        } throws: { error in
            guard case EmailLinkError.linkUnusable = error else { return false }
            return true
        }
        #expect(google.signIns == 1, "the server, not the check, decides")
    }

    @Test("Our own key needs no lookup")
    func ownKey() async throws {
        let google = try FakeGoogle(projects: [:])
        defer { google.proxy.stop() }
        let directory = try TemporaryDirectory()

        await #expect(throws: EmailLinkError.self) {
            _ = try await google.completion(ourKey: webKey, directory: directory).complete(
                .link(link(apiKey: webKey)), email: "ada@example.com")
        }
        #expect(google.lookups == 0)
        #expect(google.signIns == 1)
    }
}
