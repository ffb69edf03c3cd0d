import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

@Suite("Redirects")
struct RedirectTests {
    /// `/hop/N` redirects to `/hop/N-1` (relative), `/hop/0` answers "arrived".
    private func hopServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            guard request.path.hasPrefix("/hop/"), let count = Int(request.path.dropFirst(5)) else {
                return .text("not found", status: 404)
            }
            if count == 0 { return .text("arrived") }
            return .redirect(to: "\(count - 1)")
        }
    }

    @Test("doNotFollow returns the 3xx with location resolved against the request URL")
    func doNotFollowResolvesLocation() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/a/relative": return .redirect(to: "../next?x=1#frag", status: 301)
            case "/absolute": return .redirect(to: "https://example.invalid/elsewhere", status: 307)
            case "/scheme-relative": return .redirect(to: "//other.invalid/p")
            default: return .text("plain")
            }
        }
        defer { server.stop() }
        let client = makeClient(redirects: .doNotFollow)

        let relative = try await client.send(HTTPRequest(url: server.url("/a/relative")))
        #expect(relative.status == 301)
        #expect(relative.location == server.url("/next?x=1#frag"))
        #expect(relative.header("Location") == "../next?x=1#frag")

        let absolute = try await client.send(HTTPRequest(url: server.url("/absolute")))
        #expect(absolute.status == 307)
        #expect(absolute.location == "https://example.invalid/elsewhere")

        let schemeRelative = try await client.send(HTTPRequest(url: server.url("/scheme-relative")))
        #expect(schemeRelative.location == "http://other.invalid/p")

        let plain = try await client.send(HTTPRequest(url: server.url("/plain")))
        #expect(plain.location == nil)
    }

    @Test("follow(maximum:) follows a chain and returns only the final response")
    func followsChain() async throws {
        let server = try hopServer()
        defer { server.stop() }

        let response = try await makeClient(redirects: .follow(maximum: 3)).send(HTTPRequest(url: server.url("/hop/3")))

        #expect(response.status == 200)
        #expect(response.text == "arrived")
        #expect(response.url == server.url("/hop/0"))
        #expect(response.header("Location") == nil)
        #expect(response.location == nil)
    }

    @Test("One redirect more than the maximum fails with an error that says so")
    func tooManyRedirects() async throws {
        let server = try hopServer()
        defer { server.stop() }

        let error = await capturedError {
            try await makeClient(redirects: .follow(maximum: 2)).send(HTTPRequest(url: server.url("/hop/3")))
        }

        guard case .transport(let code, _)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(code == 47)
        #expect(error?.description.contains("redirected more than 2 times") == true)
    }

    @Test("A redirect to a non-HTTP scheme is refused")
    func redirectToOtherScheme() async throws {
        let server = try LoopbackServer { _ in .redirect(to: "ftp://127.0.0.1/file") }
        defer { server.stop() }

        let error = await capturedError { try await makeClient().send(HTTPRequest(url: server.url("/"))) }

        #expect(error == .unsupportedScheme("ftp"))
    }

    @Test(
        "Over HTTPS, doNotFollow hands back each 3xx to a POST and its target receives nothing",
        arguments: [301, 302, 303, 307, 308])
    func doNotFollowOverHTTPS(status: Int) async throws {
        let capture = try RecordingServer(replying: "stolen")
        defer { capture.stop() }
        let target = capture.url("/capture")
        let server = try await HTTPSRecordingServer { _, _ in .redirect(to: target, status: status) }
        defer { server.stop() }
        let client = makeClient(redirects: .doNotFollow, caBundlePath: server.certificate.certificatePath)

        let response = try await client.send(
            HTTPRequest(
                method: .post, url: server.url("/v1/token?key=k"),
                headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Array("grant_type=refresh_token&refresh_token=secret".utf8)))

        #expect(response.status == status)
        #expect(response.location == target)
        #expect(server.targets == ["/v1/token?key=k"])
        #expect(capture.requests.isEmpty)
    }
}
