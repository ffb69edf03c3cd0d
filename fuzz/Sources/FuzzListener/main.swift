// The listener's request handling: one in-process RedirectListener (libmicrohttpd underneath) per process;
// each input is sent as raw bytes over a fresh loopback TCP connection, the sending side is then shut so
// the server sees end-of-file, and the reply is read until the server closes.
//
// Placeholders let mutated requests stay addressed to this server: `{P}` becomes the port, `{S}` the handoff
// secret, `{L}` the number of bytes after the first blank line (a Content-Length that fits the body).
//
// Invariants, besides no crash or sanitizer report:
// - the server closes every connection within `replyTimeout` (no hang, whatever arrives);
// - a callback is accepted only when the input carries the expected state, and only once per listener;
// - the probe route is reached only with a Host header naming this server (the DNS-rebinding defence);
// - every `probeInterval` inputs, and after each accepted callback, a well-formed request still gets its 404.
import AuthflowListener
import AuthflowPrimitives
import Foundation
import Synchronization

let expectedState = "fuzzstate7Q"
let acceptedTitle = "FUZZ-ACCEPTED"
let probePath = "/probe"
let replyTimeoutSeconds = 5
let probeInterval = 500

/// What the server threads saw, for the harness thread to check.
final class Observations: Sendable {
    /// Callbacks the state check accepted on the current listener.
    let accepted = Mutex(0)
}

/// One listener and what the harness knows about it. libFuzzer calls the entry point from one thread only.
final class Fixture {
    let listener: RedirectListener<RedirectCallback>
    let secret: String
    let observations = Observations()

    init() {
        // A private directory only long enough to read the handoff secret from the rendezvous file, removed at
        // once: libFuzzer ends a crashing or interrupted run with _Exit, which would skip any clean-up at exit.
        var template = Array("/tmp/authflow-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        let base = String(cString: made)
        let rendezvous = RendezvousDirectory(path: base + "/flows")
        defer {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: rendezvous.path)) ?? [] {
                rendezvous.withdraw(rendezvous.path + "/" + name)
            }
            _ = rmdir(rendezvous.path)
            _ = rmdir(base)
        }

        let observations = self.observations
        let state = CallbackCheck.state(expectedState)
        let check = CallbackCheck<RedirectCallback> { callback in
            let ruling = state.ruling(on: callback)
            if ruling.verdict.isAccepted { observations.accepted.withLock { $0 += 1 } }
            return ruling
        }
        let server = LoopbackServer.Configuration(
            maxBodyBytes: 4096, connectionTimeout: .seconds(2), maxHeaderBytes: 4096, requestDeadline: .seconds(3)
        )
        do {
            listener = try RedirectListener(configuration: .init(
                check: check, schemes: ["app-1-2"], rendezvous: rendezvous, label: "fuzz",
                templates: TemplateDirectory(searchPath: [.init(path: TemplateDirectory.sourceTreeDirectory, origin: .sourceTree)]),
                routes: [probePath: { request in probeRoute(request, port: currentPort.withLock { $0 }) }],
                successPage: (acceptedTitle, "accepted"), server: server
            ))
        } catch {
            fatalError("the listener did not start: \(error)")
        }
        let port = listener.port
        currentPort.withLock { $0 = port }
        guard let flow = rendezvous.waitingFlows().first(where: { $0.port == port }) else {
            fatalError("the listener published no rendezvous file")
        }
        secret = flow.secret
    }
}

/// The port of the current listener, for the probe route (which runs on server threads); set by Fixture.
let currentPort = Mutex<UInt16>(0)

/// The probe route: reaching it is allowed only with exactly one Host naming a loopback address on our port.
func probeRoute(_ request: LoopbackRequest, port: UInt16) -> LoopbackResponse {
    let hosts = request.headers.filter { $0.name.lowercased() == "host" }
    guard hosts.count == 1 else { fatalError("invariant: the probe route was reached with \(hosts.count) Host headers") }
    let host = hosts[0].value.trimmingCharacters(in: [" ", "\t"]).lowercased()
    guard host.hasSuffix(":\(port)") else { fatalError("invariant: the probe route was reached with Host \(host)") }
    let name = host.dropLast(":\(port)".count)
    guard name == "127.0.0.1" || name == "localhost" || name == "[::1]" || name.hasSuffix(".localhost") else {
        fatalError("invariant: the probe route was reached with Host \(host)")
    }
    return .text("probe\n")
}

nonisolated(unsafe) var fixture = Fixture()
nonisolated(unsafe) var executions = 0
/// AUTHFLOW_FUZZ_VERBOSE=1 prints each reply's status line, to see what a reproduced input got.
let verbose = getenv("AUTHFLOW_FUZZ_VERBOSE") != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListener(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let current = fixture
    let port = current.listener.port
    let request = substitute(Array(UnsafeBufferPointer(start: data, count: size)), port: port, secret: current.secret)
    let before = current.observations.accepted.withLock { $0 }
    let reply = exchange(request, port: port)
    let after = current.observations.accepted.withLock { $0 }
    if verbose { print("reply:", String(decoding: reply.prefix(while: { $0 != 13 && $0 != 10 }), as: UTF8.self)) }

    let answeredAccepted = contains(reply, Array(acceptedTitle.utf8))
    check(!answeredAccepted || after > before, "the success page was sent for a callback the check did not accept")
    if after > before {
        check(after - before == 1, "two callbacks were accepted by one listener")
        check(carriesState(request), "a callback was accepted without the expected state")
        // Single use: the same request again must not be accepted.
        let replay = exchange(request, port: port)
        check(!contains(replay, Array(acceptedTitle.utf8)), "a replayed callback got the success page")
        check(current.observations.accepted.withLock { $0 } == after, "a replayed callback was accepted")
        probe(port: port)
        // A fresh listener for the inputs that follow: this one is used up.
        current.listener.stop()
        fixture = Fixture()
    }
    executions += 1
    if executions % probeInterval == 0 { probe(port: fixture.listener.port) }
    return 0
}

/// A well-formed request for a stray path must still get the listener's 404.
func probe(port: UInt16) {
    let request = "GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
    let reply = exchange(Array(request.utf8), port: port)
    check(reply.starts(with: Array("HTTP/1.1 404".utf8)), "a well-formed request did not get its 404 after fuzzing")
}

/// Whether `request`, percent-decoded up to four times (nesting plus the form encoding), contains the state.
func carriesState(_ request: [UInt8]) -> Bool {
    var text = String(decoding: request, as: UTF8.self)
    for _ in 0...4 {
        if text.contains(expectedState) { return true }
        text = PercentDecoding.decode(text, plusAsSpace: true)
    }
    return text.contains(expectedState)
}

/// Replaces `{P}` and `{S}`, then `{L}` in the head only, with the length of what follows the head.
func substitute(_ input: [UInt8], port: UInt16, secret: String) -> [UInt8] {
    let bytes = replace(replace(input, "{P}", with: String(port)), "{S}", with: secret)
    let blank = Array("\r\n\r\n".utf8)
    guard let headEnd = firstRange(of: blank, in: bytes).map({ $0 + blank.count }) else { return bytes }
    let body = bytes[headEnd...]
    return replace(Array(bytes[..<headEnd]), "{L}", with: String(body.count)) + body
}

func replace(_ bytes: [UInt8], _ placeholder: String, with value: String) -> [UInt8] {
    let needle = Array(placeholder.utf8)
    let replacement = Array(value.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if index + needle.count <= bytes.count, bytes[index..<index + needle.count].elementsEqual(needle) {
            output += replacement
            index += needle.count
        } else {
            output.append(bytes[index])
            index += 1
        }
    }
    return output
}

func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
}

func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    firstRange(of: needle, in: bytes) != nil
}

/// Sends `request` on a new connection to 127.0.0.1, shuts the sending side, and reads until the server
/// closes. A server that keeps the connection open past the timeout is a finding.
func exchange(_ request: [UInt8], port: UInt16) -> [UInt8] {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { fatalError("socket failed: errno \(errno)") }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: replyTimeoutSeconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    if connected != 0 && errno == EINTR {
        // libFuzzer's -timeout alarm can interrupt connect(2); the handshake goes on, so wait for it to finish.
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&entry, 1, Int32(replyTimeoutSeconds * 1000)) < 0 && errno == EINTR {}
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        connected = error == 0 && entry.revents & Int16(POLLOUT) != 0 ? 0 : -1
        errno = error
    }
    check(connected == 0, "could not connect to the listener: errno \(errno)")

    var offset = 0
    while offset < request.count {
        let sent = request[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent > 0 {
            offset += sent
        } else if sent < 0 && errno == EINTR {
            continue
        } else {
            break  // the server closed early (a refused head, say): read what it said
        }
    }
    _ = shutdown(descriptor, Int32(SHUT_WR))

    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            reply += buffer[..<count]
        } else if count == 0 || errno == ECONNRESET {
            return reply
        } else if errno == EINTR {
            continue
        } else {
            check(errno != EAGAIN && errno != EWOULDBLOCK, "the server kept the connection open for \(replyTimeoutSeconds) s")
            return reply
        }
    }
}

/// A broken invariant is a finding: stop with the reason, so libFuzzer saves the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant: \(message())") }
}
