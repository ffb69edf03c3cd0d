import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Failures before a response")
struct FailureTests {
    @Test("A closed port gives .connectionRefused")
    func connectionRefused() async throws {
        let closed = try ClosedPort()

        let error = await capturedError {
            try await makeClient().send(HTTPRequest(url: "http://127.0.0.1:\(closed.port)/"))
        }

        #expect(error == .connectionRefused(host: "127.0.0.1"))
        withExtendedLifetime(closed) {}
    }

    @Test("An unresolvable name gives .dnsFailure with the host")
    func dnsFailure() async throws {
        let error = await capturedError { try await makeClient().send(HTTPRequest(url: "http://nothing.invalid/x")) }

        #expect(error == .dnsFailure(host: "nothing.invalid"))
        #expect(error?.description.contains("nothing.invalid") == true)
    }

    @Test(
        "Malformed URLs and other schemes fail before any connection",
        arguments: [
            ("not a url", HTTPError.invalidURL("not a url")),
            ("http://", HTTPError.invalidURL("http://")),
            ("ftp://127.0.0.1/file", HTTPError.unsupportedScheme("ftp")),
            ("file:///etc/passwd", HTTPError.unsupportedScheme("file")),
            ("mailto:someone@example.invalid", HTTPError.unsupportedScheme("mailto")),
        ])
    func rejectedURLs(url: String, expected: HTTPError) async throws {
        let error = await capturedError { try await makeClient().send(HTTPRequest(url: url)) }

        #expect(error == expected)
    }

    @Test("A body over maxResponseBytes gives .responseTooLarge; one at the limit is fine")
    func responseSizeCap() async throws {
        let server = try LoopbackServer { request in
            LoopbackResponse(body: [UInt8](repeating: 65, count: request.path == "/big" ? 2001 : 2000))
        }
        defer { server.stop() }
        let client = makeClient(maxResponseBytes: 2000)

        let error = await capturedError { try await client.send(HTTPRequest(url: server.url("/big"))) }
        let fits = try await client.send(HTTPRequest(url: server.url("/exact")))

        #expect(error == .responseTooLarge(limit: 2000))
        #expect(fits.body.count == 2000)
    }

    @Test("A server that stalls past the total timeout gives .timedOut(.total)")
    func totalTimeout() async throws {
        let release = Gate()
        let answered = Gate()
        let server = try LoopbackServer { _ in
            release.wait(timeout: .seconds(60))
            answered.open()
            return .text("too late")
        }
        defer {
            release.open()
            server.stop()
        }

        let error = await capturedError {
            try await makeClient(totalTimeout: .seconds(1)).send(HTTPRequest(url: server.url("/stall")))
        }

        #expect(error == .timedOut(phase: .total, limit: .seconds(1)))
        #expect(!answered.wait(timeout: .zero), "the request ended only when the server answered")
    }

    @Test("Every error reads as one actionable sentence")
    func descriptions() {
        let errors: [HTTPError] = [
            .invalidURL("x"), .unsupportedScheme("ftp"), .dnsFailure(host: "x.page.link"),
            .connectionRefused(host: "h"), .blockedAddress(host: "h", address: "10.0.0.1"),
            .tls(host: "h", detail: "d"), .timedOut(phase: .connect, limit: .seconds(10)),
            .timedOut(phase: .total, limit: .milliseconds(1500)), .responseTooLarge(limit: 5), .proxy(detail: "d"),
            .status(code: 500, body: Array("oops".utf8)), .cancelled, .transport(code: 56, detail: "d"),
        ]
        for error in errors {
            #expect(error.description.hasSuffix(".") || error.description.hasSuffix("oops"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(
            HTTPError.dnsFailure(host: "x.page.link").description
                == "Could not resolve host x.page.link: check the name and your network connection.")
        #expect(HTTPError.timedOut(phase: .total, limit: .milliseconds(1500)).description.contains("1500 ms"))
    }
}

@Suite("Connect timeout")
struct ConnectTimeoutTests {
    @Test("A host that never completes the handshake gives .timedOut(.connect)")
    func connectTimeout() async throws {
        let listener = try UnresponsiveListener()
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(
                connectTimeout: .seconds(1), totalTimeout: .seconds(120), proxy: .none
            ))

        let error = await capturedError {
            try await client.send(HTTPRequest(url: "http://127.0.0.1:\(listener.port)/"))
        }

        #expect(error == .timedOut(phase: .connect, limit: .seconds(1)))
        withExtendedLifetime(listener) {}
    }
}
