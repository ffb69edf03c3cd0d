import AuthflowCore
import AuthflowHTTP
import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

/// Short links are expanded over real HTTPS against a loopback server, hop by hop, never beyond the allow-list.
struct ShortLinkResolverTests {
    let action = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE123&lang=en"

    func resolver(for server: HTTPSRecordingServer, extraDomains: [String] = []) -> ShortLinkResolver {
        var configuration = HTTPClientConfiguration()
        configuration.caBundlePath = server.certificate.certificatePath
        configuration.proxy = .none
        configuration.totalTimeout = .seconds(10)
        return ShortLinkResolver(linkDomains: [server.hostAndPort] + extraDomains, configuration: configuration)
    }

    @Test func expandsOneHop() async throws {
        let action = self.action
        let server = try await HTTPSRecordingServer { request, _ in
            request.path == "/AbCd" ? .redirect(to: action) : .text("no", status: 404)
        }
        let resolved = try await resolver(for: server).resolve(server.url("/AbCd"))
        #expect(resolved.target == action)
        #expect(resolved.hops == [server.url("/AbCd")])
    }

    @Test func followsHopsOnAllowedHostsOnly() async throws {
        let action = self.action
        let server = try await HTTPSRecordingServer { request, origin in
            switch request.path {
            case "/one": .redirect(to: origin + "/two")
            case "/two": .redirect(to: "/three") // relative Location, resolved against the hop
            case "/three": .redirect(to: action)
            default: .text("no", status: 404)
            }
        }
        let resolved = try await resolver(for: server).resolve(server.url("/one"))
        #expect(resolved.target == action)
        #expect(server.targets == ["/one", "/two", "/three"])
    }

    @Test func doesNotRequestHostsOffTheAllowList() async throws {
        let elsewhere = try await HTTPSRecordingServer { _, _ in .text("should not be asked") }
        let target = elsewhere.url("/app-store")
        let server = try await HTTPSRecordingServer { _, _ in .redirect(to: target) }
        let resolved = try await resolver(for: server).resolve(server.url("/AbCd"))
        #expect(resolved.target == target)
        #expect(elsewhere.targets.isEmpty)
    }

    @Test func stopsAfterFiveHops() async throws {
        let server = try await HTTPSRecordingServer { request, origin in
            .redirect(to: origin + "/loop\(request.path.count)")
        }
        await #expect(throws: ShortLinkError.tooManyHops(link: server.url("/start"), limit: 5)) {
            try await resolver(for: server).resolve(server.url("/start"))
        }
        #expect(server.targets.count == 5)
    }

    @Test func goneLinkIsNotFound() async throws {
        let server = try await HTTPSRecordingServer { _, _ in .text("Not found", status: 404) }
        await #expect(throws: ShortLinkError.notFound(link: server.url("/gone"))) {
            try await resolver(for: server).resolve(server.url("/gone"))
        }
    }

    @Test func pageWithoutRedirect() async throws {
        let server = try await HTTPSRecordingServer { _, _ in .html("<p>preview</p>") }
        await #expect(throws: ShortLinkError.noRedirect(link: server.url("/x"), status: 200)) {
            try await resolver(for: server).resolve(server.url("/x"))
        }
    }

    @Test func untrustedCertificateIsATLSFailure() async throws {
        let server = try await HTTPSRecordingServer { _, _ in .redirect(to: "https://example.com/") }
        var configuration = HTTPClientConfiguration()
        configuration.proxy = .none
        let untrusting = ShortLinkResolver(linkDomains: [server.hostAndPort], configuration: configuration)
        do {
            _ = try await untrusting.resolve(server.url("/AbCd"))
            Issue.record("a self-signed certificate was accepted")
        } catch {
            guard case .network(_, .tls) = error else {
                Issue.record("expected a TLS failure, got \(error)")
                return
            }
        }
        #expect(server.targets.isEmpty)
    }

    @Test func plainHTTPIsRefused() async throws {
        await #expect(throws: ShortLinkError.notHTTPS(link: "http://x.page.link/AbCd")) {
            try await ShortLinkResolver().resolve("http://x.page.link/AbCd")
        }
    }

    @Test func offlineDynamicLinkFailsWithANetworkError() async throws {
        do {
            _ = try await ShortLinkResolver().resolve("https://example.page.link/AbCd")
            Issue.record("resolving needs the network, which tests do not have")
        } catch {
            guard case .network = error else {
                Issue.record("expected a network error, got \(error)")
                return
            }
        }
    }

    @Test func inspectorUnwrapsAroundAndInsideTheShortLink() async throws {
        let hosting = "https://proj.firebaseapp.com/__/auth/links?link=" + PercentEncoding.encodeComponent(action)
        let server = try await HTTPSRecordingServer { _, _ in .redirect(to: hosting) }
        let inspector = LinkInspector(
            offline: OfflineLinkInspector(linkDomains: [server.hostAndPort]), resolver: resolver(for: server))
        let wrapped =
            "https://nam12.safelinks.protection.outlook.com/?url="
            + PercentEncoding.encodeComponent(server.url("/AbCd")) + "&data=x"
        let inspection = try await inspector.inspect(wrapped)
        #expect(inspection.kind == .emailAction)
        #expect(inspection.action?.oobCode == "CODE123")
        #expect(inspection.layers == [.mailSecurity(.microsoftSafeLinks), .shortLink("localhost"), .hostingLinks])
    }
}
