import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

@Suite("Request handling")
struct RequestHandlingTests {
    private let client = HTTPClient(configuration: HTTPClientConfiguration(redirects: .doNotFollow, proxy: .none))

    @Test("The handler gets the raw target, split path and query, headers and body")
    func requestFields() async throws {
        let server = try RecordingServer(replying: "ok")
        defer { server.stop() }

        _ = try await client.send(
            HTTPRequest(
                method: .put, url: server.url("/cb%2Fx?state=a%20b&code=1"),
                headers: [HTTPHeader(name: "X-One", value: "1")], body: Array("payload".utf8)
            ))

        let request = try #require(server.requests.last)
        #expect(request.method == "PUT")
        #expect(request.target == "/cb%2Fx?state=a%20b&code=1")
        #expect(request.path == "/cb%2Fx")
        #expect(request.query == "state=a%20b&code=1")
        #expect(request.header("x-one") == "1")
        #expect(request.header("Host") == "127.0.0.1:\(server.port)")
        #expect(request.text == "payload")
    }

    @Test("A target without ? has no query; an empty query is kept as empty")
    func querySplitting() {
        #expect(LoopbackRequest(method: "GET", target: "/a").query == nil)
        #expect(LoopbackRequest(method: "GET", target: "/a?").query == "")
        #expect(LoopbackRequest(method: "GET", target: "/a?b?c").query == "b?c")
    }

    @Test("Statuses, headers and bodies chosen by the handler pass through, 404 included")
    func responsesPassThrough() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/page": return .html("<p>done</p>")
            case "/away": return .redirect(to: "http://localhost/next", status: 303)
            case "/custom":
                return LoopbackResponse(status: 299, headers: [HTTPHeader(name: "X-A", value: "b")], body: [1, 2])
            default: return .text("no such page", status: 404)
            }
        }
        defer { server.stop() }

        let page = try await client.send(HTTPRequest(url: server.url("/page")))
        let away = try await client.send(HTTPRequest(url: server.url("/away")))
        let custom = try await client.send(HTTPRequest(url: server.url("/custom")))
        let missing = try await client.send(HTTPRequest(url: server.url("/favicon.ico")))

        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text == "<p>done</p>")
        #expect(away.status == 303)
        #expect(away.header("Location") == "http://localhost/next")
        #expect(custom.status == 299)
        #expect(custom.header("x-a") == "b")
        #expect(custom.body == [1, 2])
        #expect(missing.status == 404)
        #expect(missing.text == "no such page")
    }

    @Test("Bodies over maxBodyBytes get 413 without reaching the handler, announced or chunked")
    func oversizeBody() async throws {
        let server = try RecordingServer(configuration: .init(maxBodyBytes: 1024)) { _ in .text("accepted") }
        defer { server.stop() }
        let big = [UInt8](repeating: 7, count: 5000)

        let announced = try await client.send(HTTPRequest(method: .post, url: server.url("/a"), body: big))
        let chunked = try await client.send(
            HTTPRequest(
                method: .post, url: server.url("/c"),
                headers: [HTTPHeader(name: "Transfer-Encoding", value: "chunked")], body: big
            ))
        let fits = try await client.send(
            HTTPRequest(method: .post, url: server.url("/f"), body: Array(big.prefix(1024))))

        #expect(announced.status == 413)
        #expect(chunked.status == 413)
        #expect(fits.status == 200)
        #expect(server.requests.map(\.body.count) == [1024])
    }

    @Test("A TLS identity that is not PEM gives .tlsSetupFailed")
    func badTLSIdentity() {
        #expect {
            _ = try LoopbackServer(
                configuration: .init(tls: .init(certificatePEM: "nonsense", privateKeyPEM: "nonsense"))
            ) { _ in
                .text("never")
            }
        } throws: { error in
            guard case .tlsSetupFailed = error as? LoopbackServerError else { return false }
            return true
        }
    }
}
