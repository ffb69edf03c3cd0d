import AuthflowCore
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

/// The auth domain: derived from the authorized domains when not configured; a configured custom domain
/// checked against them; the default domain and worked-out ones used without asking.
@Suite("Auth domain resolution")
struct AuthDomainResolverTests {
    private let authorized =
        #"{"projectId":"555","authorizedDomains":["localhost","demo.firebaseapp.com","auth.example.com"]}"#

    private func resolve(
        _ domain: ConfiguredValue?, server: RecordingServer
    ) async throws(AuthDomainError) -> ProjectConfiguration {
        var values: [ConfigurationKey: ConfiguredValue] = [
            .projectID: ConfiguredValue(value: "demo", source: .flag("--project-id"))
        ]
        values[.authDomain] = domain
        let client = IdentityToolkitClient(
            configuration: IdentityToolkitConfiguration(
                apiKey: "k", server: .emulator(hostAndPort: "127.0.0.1:\(server.port)"), authflowVersion: "t",
                retry: .none),
            http: HTTPClient(configuration: HTTPClientConfiguration(proxy: .none)))
        return try await AuthDomainResolver(client: client).resolve(ProjectConfiguration(values: values))
    }

    @Test("A configured custom domain among the authorized domains is kept (case and port ignored)")
    func authorizedCustomDomain() async throws {
        let server = try RecordingServer(replying: authorized)
        defer { server.stop() }
        let resolved = try await resolve(
            ConfiguredValue(value: "Auth.Example.com:443", source: .flag("--auth-domain")), server: server)
        #expect(resolved.authDomain == "Auth.Example.com:443")
        #expect(server.requests.count == 1)
    }

    @Test("A configured custom domain the project does not authorize is refused with the list")
    func unauthorizedCustomDomain() async throws {
        let server = try RecordingServer(replying: authorized)
        defer { server.stop() }
        do {
            _ = try await resolve(
                ConfiguredValue(value: "evil.example.net", source: .environment("FIREBASE_AUTH_DOMAIN")), server: server
            )
            Issue.record("expected a refusal")
        } catch {
            guard case .notAuthorized(let domain, let domains) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(domain == "evil.example.net")
            #expect(domains == ["localhost", "demo.firebaseapp.com", "auth.example.com"])
        }
    }

    @Test("The default <project>.firebaseapp.com and worked-out domains are used without a lookup")
    func noLookup() async throws {
        let server = try RecordingServer(replying: authorized)
        defer { server.stop() }
        let standard = try await resolve(
            ConfiguredValue(value: "demo.firebaseapp.com", source: .file("authflow.json")), server: server)
        let derived = try await resolve(
            ConfiguredValue(value: "127.0.0.1:9099", source: .derived(.emulatorServesPages)), server: server)
        #expect(standard.authDomain == "demo.firebaseapp.com")
        #expect(derived.authDomain == "127.0.0.1:9099")
        #expect(server.requests.isEmpty)
    }

    @Test("Without a configured domain, the first *.firebaseapp.com is chosen")
    func derivedWhenMissing() async throws {
        let server = try RecordingServer(replying: authorized)
        defer { server.stop() }
        let resolved = try await resolve(nil, server: server)
        #expect(resolved.authDomain == "demo.firebaseapp.com")
    }
}
