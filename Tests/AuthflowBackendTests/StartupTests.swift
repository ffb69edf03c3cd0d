import AuthflowBackend
import AuthflowHTTP
import AuthflowListener
import Testing

@Suite("Starting and stopping")
struct StartupTests {
    @Test("Only loopback hosts are accepted; IPv6 is bracketed in hostAndPort")
    func hosts() throws {
        for host in ["example.com", "0.0.0.0", "192.168.1.10", "::", ""] {
            #expect(throws: EmbeddedBackendError.hostNotLoopback(host)) {
                _ = try EmbeddedBackend(configuration: .init(host: host))
            }
        }
        let ipv6 = try EmbeddedBackend(configuration: .init(host: "::1"))
        defer { ipv6.stop() }
        let named = try EmbeddedBackend(configuration: .init(host: "localhost"))
        defer { named.stop() }

        #expect(ipv6.hostAndPort == "[::1]:\(ipv6.port)")
        #expect(ipv6.baseURL == "http://[::1]:\(ipv6.port)")
        #expect(named.hostAndPort == "localhost:\(named.port)")
    }

    @Test("A busy port is .server(.portInUse); a bad project ID is refused")
    func busyPort() throws {
        let first = try EmbeddedBackend(configuration: .init())
        defer { first.stop() }

        #expect(throws: EmbeddedBackendError.server(.portInUse(first.port))) {
            _ = try EmbeddedBackend(configuration: .init(port: first.port))
        }
        #expect(throws: EmbeddedBackendError.invalidProjectID("bad/project")) {
            _ = try EmbeddedBackend(configuration: .init(projectID: "bad/project"))
        }
    }

    @Test("The project ID goes into tokens and the emulator API path; links use the advertised host")
    func projectAndHost() async throws {
        let backend = try EmbeddedBackend(configuration: .init(host: "localhost", projectID: "demo-other"))
        defer { backend.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))

        let sent = try await client.send(
            HTTPRequest(
                method: .post,
                url: "http://127.0.0.1:\(backend.port)/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=k",
                body: Array(#"{"requestType":"EMAIL_SIGNIN","email":"a@example.com"}"#.utf8)
            ))
        let listed = try await client.send(
            HTTPRequest(url: "http://127.0.0.1:\(backend.port)/emulator/v1/projects/demo-other/oobCodes"))
        let otherProject = try await client.send(
            HTTPRequest(url: "http://127.0.0.1:\(backend.port)/emulator/v1/projects/elsewhere/oobCodes"))

        #expect(sent.status == 200)
        #expect(backend.oobCodes.first?.oobLink.hasPrefix("http://localhost:\(backend.port)/emulator/action?") == true)
        #expect(listed.text.contains("a@example.com"))
        #expect(otherProject.text == #"{"oobCodes":[]}"#)
    }

    @Test("After stop() the port refuses connections")
    func stop() async throws {
        let backend = try EmbeddedBackend(configuration: .init())
        let url = backend.baseURL + "/"
        backend.stop()
        backend.stop()

        await #expect(throws: HTTPError.self) {
            _ = try await HTTPClient(configuration: HTTPClientConfiguration(proxy: .none)).send(HTTPRequest(url: url))
        }
    }
}
