import AuthflowTestSupport
import CMicroHTTPD
import Testing

@testable import AuthflowListener

/// Regression tests for a leak fuzz/FuzzListener found: libmicrohttpd 0.9.75 closes a connection whose request
/// line nearly fills its memory pool without answering and without reporting the request complete, so a
/// per-request context that only its completion released was never freed (about the target's size per
/// request, for any local process to repeat).
@Suite("Per-request context lifetime")
struct RequestContextLifetimeTests {
    /// A stand-in for libmicrohttpd's connection pointer: the callbacks use it only as a key.
    private let connection = OpaquePointer(bitPattern: 0x1000)!

    /// A server context with `connection` open, its state, and the pointer libmicrohttpd hands its callbacks.
    private func openServer() -> (server: ServerContext, open: OpenConnection, cls: UnsafeMutableRawPointer) {
        let server = ServerContext(handler: { _ in .text("handled") }, maxBodyBytes: 1024, authority: nil)
        let open = server.connections.opened(connection, descriptor: -1)
        return (server, open, Unmanaged.passUnretained(server).toOpaque())
    }

    @Test("A request libmicrohttpd never reports complete is freed when its connection closes")
    func droppedRequestFreedOnClose() throws {
        let (server, open, _) = openServer()

        weak var context: RequestContext?
        do {
            let pointer = "/callback?x".withCString { startRequest(target: $0, on: open, of: server) }
            context = Unmanaged<RequestContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        #expect(context?.target == "/callback?x")
        let inProgressBeforeClose = !server.requests.drain(limit: .zero)

        // What libmicrohttpd's close notification does; no completion came before it.
        server.connections.closed(connection)
        #expect(context == nil)
        // A stop no longer waits for it.
        #expect(inProgressBeforeClose)
        #expect(server.requests.drain(limit: .zero))
    }

    @Test("A completed request's context is freed at once, before the connection closes")
    func completedRequestFreed() throws {
        let (server, open, cls) = openServer()

        weak var context: RequestContext?
        var requestPointer: UnsafeMutableRawPointer? = "/a".withCString {
            startRequest(target: $0, on: open, of: server)
        }
        context = Unmanaged<RequestContext>.fromOpaque(try #require(requestPointer)).takeUnretainedValue()
        #expect(context?.target == "/a")
        let completedOK = try #require(MHD_RequestTerminationCode(rawValue: 0)) // MHD_REQUEST_TERMINATED_COMPLETED_OK
        listenerRequestCompleted(cls, connection, &requestPointer, completedOK)
        #expect(requestPointer == nil)
        #expect(context == nil)
        #expect(server.requests.drain(limit: .zero))
        server.connections.closed(connection)
    }

    @Test("A request still held when the server goes is freed with its connection, though each refers to the other")
    func heldRequestFreedWithServer() {
        weak var context: RequestContext?
        weak var open: OpenConnection?
        do {
            let server = ServerContext(handler: { _ in .text("handled") }, maxBodyBytes: 1024, authority: nil)
            let opened = server.connections.opened(connection, descriptor: -1)
            let pointer = "/callback?x".withCString { startRequest(target: $0, on: opened, of: server) }
            context = Unmanaged<RequestContext>.fromOpaque(pointer).takeUnretainedValue()
            open = opened
            #expect(context?.connection === opened)
        }
        // No close notification came (libmicrohttpd reports one for every connection; this is the backstop).
        #expect(open == nil)
        #expect(context == nil)
    }

    @Test(
        "The fuzzer's input: a request line just under a 4 KiB head limit is dropped unanswered and the server goes on")
    func nearlyFullHead() async throws {
        let server = try RecordingServer(configuration: .init(maxHeaderBytes: 4096)) { _ in .text("handled") }
        defer { server.stop() }
        let port = server.port
        let request =
            "GET /callback?\(String(repeating: "a", count: 4000)) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Connection: close\r\n\r\n"

        let connection = try await RawHTTPConnection(port: port)
        try await connection.send(request)
        let (reply, outcome) = try await connection.readUntilClosed(within: .seconds(30))
        let next = try await RawHTTPConnection.exchange(
            "GET /next HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port
        )

        #expect(outcome == .closed)
        // libmicrohttpd 0.9.75 closes without a reply; a later version may answer 414 or 431 instead.
        #expect(reply.isEmpty || [414, 431].contains(RawHTTPResponse.parse(reply)?.status))
        #expect(next?.status == 200)
        #expect(server.targets == ["/next"])
    }
}
