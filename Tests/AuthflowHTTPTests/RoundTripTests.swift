import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

@Suite("Request and response round trips")
struct RoundTripTests {
    @Test("POST sends method, raw target, headers and a binary body; the response comes back whole")
    func postRoundTrip() async throws {
        let server = try RecordingServer { _ in
            LoopbackResponse(
                status: 201,
                headers: [HTTPHeader(name: "X-Reply", value: "yes"), HTTPHeader(name: "X-Reply", value: "again")],
                body: Array("créé".utf8)
            )
        }
        defer { server.stop() }
        let body: [UInt8] = [0, 1, 2, 255, 0]

        let response = try await makeClient().send(
            HTTPRequest(
                method: .post,
                url: server.url("/echo?x=1%202&y"),
                headers: [HTTPHeader(name: "X-Test", value: "hello"), HTTPHeader(name: "X-Empty", value: "")],
                body: body
            ))

        #expect(response.status == 201)
        #expect(response.header("x-reply") == "yes")
        #expect(response.headers.filter { $0.name.lowercased() == "x-reply" }.map(\.value) == ["yes", "again"])
        #expect(response.text == "créé")
        #expect(response.url == server.url("/echo?x=1%202&y"))
        let request = try #require(server.requests.last)
        #expect(request.method == "POST")
        #expect(request.target == "/echo?x=1%202&y")
        #expect(request.path == "/echo")
        #expect(request.query == "x=1%202&y")
        #expect(request.header("x-test") == "hello")
        #expect(request.header("X-Empty") == "")
        #expect(request.header("User-Agent") == "authflow/0.1")
        #expect(request.header("Expect") == nil)
        #expect(request.body == body)
    }

    @Test(
        "GET, PUT, PATCH, DELETE and HEAD reach the server with their method",
        arguments: [
            HTTPMethod.get, .put, .patch, .delete, .head,
        ])
    func methods(method: HTTPMethod) async throws {
        let server = try RecordingServer(replying: "answer")
        defer { server.stop() }
        let body: [UInt8]? = method == .put || method == .patch ? Array("data".utf8) : nil

        let response = try await makeClient().send(HTTPRequest(method: method, url: server.url("/m"), body: body))

        #expect(response.status == 200)
        #expect(response.text == (method == .head ? "" : "answer"))
        #expect(
            server.requests.map { "\($0.method) \($0.text)" } == ["\(method.rawValue) \(body == nil ? "" : "data")"])
    }

    @Test("Any status is returned; requireSuccess turns a non-2xx into .status with the body")
    func statusIsReturnedNotThrown() async throws {
        let server = try LoopbackServer { _ in .text("no such page", status: 404) }
        defer { server.stop() }

        let response = try await makeClient().send(HTTPRequest(url: server.url("/missing")))

        #expect(response.status == 404)
        #expect(throws: HTTPError.status(code: 404, body: Array("no such page".utf8))) {
            try response.requireSuccess()
        }
        let ok = HTTPResponse(status: 204, headers: [], body: [], url: "http://x/")
        #expect(try ok.requireSuccess().status == 204)
    }

    @Test("localhost and [::1] reach the server too")
    func hostForms() async throws {
        let server = try LoopbackServer { _ in .text("hi") }
        defer { server.stop() }
        var hosts = ["localhost", "127.0.0.1"]
        if server.boundAddresses.contains("::1") { hosts.append("[::1]") }

        for host in hosts {
            let response = try await makeClient().send(HTTPRequest(url: server.url("/", host: host)))
            #expect(response.text == "hi", "host \(host)")
        }
    }

    @Test("Header values with line breaks are refused before anything is sent")
    func headerInjection() async throws {
        let server = try RecordingServer(replying: "hi")
        defer { server.stop() }

        let error = await capturedError {
            try await makeClient().send(
                HTTPRequest(
                    url: server.url(), headers: [HTTPHeader(name: "X-A", value: "1\r\nX-Injected: 2")]
                ))
        }

        guard case .transport(_, let detail)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("X-A"))
        #expect(server.targets.isEmpty)
    }
}
