import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

/// A backend (or anything answering for it) that replies with a redirect must not receive a second chance to
/// move the credentials elsewhere: the client refuses every 3xx, for every endpoint family, and the target of
/// `Location` sees nothing.
@Suite("Redirects are never followed with credentials")
struct RedirectRefusalTests {
    static let statuses = [301, 302, 303, 307, 308]

    /// One call of each family that carries a credential: a refresh token, an email (link request), an
    /// oobCode, a phone number with its proof, a password.
    enum Family: String, CaseIterable, Sendable {
        case tokenRefresh, sendOobCode, signInWithEmailLink, sendVerificationCode, signInWithPassword

        func send(with client: IdentityToolkitClient) async throws(IdentityToolkitError) {
            switch self {
            case .tokenRefresh:
                _ = try await client.send(SecureTokenRequest(refreshToken: "refresh-token-secret-1234567890"))
            case .sendOobCode:
                _ = try await client.send(
                    SendOobCodeRequest(
                        kind: .emailSignIn(email: "ada@example.com"),
                        settings: .emailSignIn(continueUrl: "https://demo.firebaseapp.com")))
            case .signInWithEmailLink:
                _ = try await client.send(
                    SignInWithEmailLinkRequest(email: "ada@example.com", oobCode: "oob-code-secret-1234567890"))
            case .sendVerificationCode:
                _ = try await client.send(SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none))
            case .signInWithPassword:
                _ = try await client.send(
                    SignInWithPasswordRequest(email: "ada@example.com", password: "password-secret-123"))
            }
        }
    }

    @Test(
        "Each 3xx, for each endpoint family, is an error naming the status and host; the target gets nothing",
        arguments: statuses, Family.allCases)
    func refused(status: Int, family: Family) async throws {
        let capture = try RecordingServer(replying: "{}")
        defer { capture.stop() }
        let location = capture.url("/captured", host: "localhost")
        let backend = try RecordingServer { _ in
            LoopbackResponse(status: status, headers: [HTTPHeader(name: "Location", value: location)], body: [])
        }
        defer { backend.stop() }
        // The transport handed in follows redirects; the Identity Toolkit client must not.
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: backend.port),
            http: HTTPClient(
                configuration: HTTPClientConfiguration(
                    totalTimeout: .seconds(20), redirects: .follow(maximum: 5), proxy: .none)))

        let error = await expectFailure { try await family.send(with: client) }

        guard case .redirected(let redirect)? = error else {
            Issue.record("expected .redirected, got \(String(describing: error))")
            return
        }
        #expect(redirect == RefusedRedirect(status: status, locationHost: "localhost"))
        #expect(capture.requests.isEmpty)
        // Sent once: a redirect is not a transient failure, even for the retried token refresh.
        #expect(backend.requests.count == 1)
        let text = error?.description ?? ""
        #expect(text.contains("HTTP \(status)") && text.contains("to localhost"))
        #expect(!text.contains("/captured"))
        #expect(!text.contains("secret"))
    }

    @Test("A redirect without a usable Location is refused too, without naming a host")
    func refusedWithoutLocation() async throws {
        let backend = try RecordingServer { _ in LoopbackResponse(status: 307, headers: [], body: []) }
        defer { backend.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: backend.port), http: loopbackHTTP())
        let error = await expectFailure { try await Family.tokenRefresh.send(with: client) }
        guard case .redirected(let redirect)? = error else {
            Issue.record("expected .redirected, got \(String(describing: error))")
            return
        }
        #expect(redirect == RefusedRedirect(status: 307, locationHost: nil))
        #expect(error?.isBackendUnavailable == false)
        #expect(error?.serverError == nil)
    }

    @Test("The client's own transport never follows, whatever it was given")
    func transportPolicy() {
        let given = HTTPClient(configuration: HTTPClientConfiguration(redirects: .follow(maximum: 9)))
        let client = IdentityToolkitClient(configuration: emulatorConfiguration(port: 9), http: given)
        #expect(client.http.configuration.redirects == .doNotFollow)
    }
}
