import Foundation

/// A plain TCP connection to a loopback port that sends exactly the bytes given, when they are given: for
/// tests of Host headers, malformed requests and slow senders, which a real HTTP client would not produce.
///
/// The socket is non-blocking and every wait is a `Task.sleep` between polls, so slow peers never block
/// Swift's thread pool. Not thread-safe: use each connection from one task.
public final class RawHTTPConnection {
    /// How a wait for the peer ended.
    public enum Outcome: Sendable, Equatable {
        /// The peer closed the connection (end of file or reset).
        case closed
        /// Still open when the wait gave up.
        case open
    }

    private let descriptor: Int32
    private var received: [UInt8] = []
    private var peerClosed = false

    /// Connects to `address` (`127.0.0.1` or `::1`) on `port`, waiting up to `timeout` for the handshake.
    public init(port: UInt16, address: String = "127.0.0.1", timeout: Duration = .seconds(30)) async throws {
        let ipv6 = address.contains(":")
        let descriptor = socket(
            ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Self.failure("socket") }
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let started = Self.connect(descriptor, address: address, port: port, ipv6: ipv6)
        guard started == 0 || errno == EINPROGRESS else { throw Self.failure("connect") }
        guard try await waitFor(Int16(POLLOUT), within: timeout) else { throw Self.failure("connect (timed out)") }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else {
            throw Subprocess.Failure(description: "connect failed: \(String(cString: strerror(error)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends `request` on a new connection and reads until the server closes it (so `request` should ask
    /// for `Connection: close`); nil when no parsable response came back.
    public static func exchange(
        _ request: String, port: UInt16, address: String = "127.0.0.1", timeout: Duration = .seconds(30)
    ) async throws -> RawHTTPResponse? {
        let connection = try await RawHTTPConnection(port: port, address: address, timeout: timeout)
        try await connection.send(request, timeout: timeout)
        let (bytes, _) = try await connection.readUntilClosed(within: timeout)
        return RawHTTPResponse.parse(bytes)
    }

    /// Sends all of `text`; false when the peer has closed (or reset) the connection first.
    @discardableResult
    public func send(_ text: String, timeout: Duration = .seconds(30)) async throws -> Bool {
        try await send(Array(text.utf8), timeout: timeout)
    }

    /// Sends all of `bytes`; false when the peer has closed (or reset) the connection first.
    @discardableResult
    public func send(_ bytes: [UInt8], timeout: Duration = .seconds(30)) async throws -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                guard try await waitFor(Int16(POLLOUT), within: timeout) else { return false }
            } else if errno == EINTR {
                continue
            } else {
                return false // EPIPE or ECONNRESET: the peer is gone
            }
        }
        return true
    }

    /// Closes the sending direction, so the peer reads end-of-file after what was sent.
    public func finishSending() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until the peer closes the connection or `timeout` passes; returns everything received.
    public func readUntilClosed(
        within timeout: Duration = .seconds(30)
    ) async throws -> (bytes: [UInt8], outcome: Outcome) {
        let outcome = try await waitForClose(within: timeout)
        return (received, outcome)
    }

    /// Waits for the peer to close the connection, reading (and keeping) whatever arrives meanwhile.
    public func waitForClose(within timeout: Duration = .seconds(30)) async throws -> Outcome {
        let deadline = ContinuousClock.now + timeout
        while !peerClosed {
            drain()
            if peerClosed { break }
            guard ContinuousClock.now < deadline else { return .open }
            try await Task.sleep(for: .milliseconds(5))
        }
        return .closed
    }

    /// Reads one response with a `Content-Length` body (the kind ``LoopbackServer`` sends), leaving the
    /// connection open for another request; nil when the peer closes or `timeout` passes first.
    public func readResponse(within timeout: Duration = .seconds(30)) async throws -> RawHTTPResponse? {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            if let (response, length) = RawHTTPResponse.parseComplete(received) {
                received.removeFirst(length)
                return response
            }
            guard !peerClosed, ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Whether the peer has closed the connection, judging by what can be read right now.
    public var isClosedByPeer: Bool {
        drain()
        return peerClosed
    }

    /// Reads whatever is available without waiting.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !peerClosed {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 {
                peerClosed = true
            } else if errno == EINTR {
                continue
            } else {
                if errno != EAGAIN && errno != EWOULDBLOCK { peerClosed = true } // ECONNRESET
                return
            }
        }
    }

    private func waitFor(_ events: Int16, within timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            if poll(&entry, 1, 0) > 0 { return true }
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    private static func connect(_ descriptor: Int32, address: String, port: UInt16, ipv6: Bool) -> Int32 {
        if ipv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            inet_pton(AF_INET6, address, &socketAddress.sin6_addr)
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        inet_pton(AF_INET, address, &socketAddress.sin_addr)
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    private static func failure(_ call: String) -> Subprocess.Failure {
        Subprocess.Failure(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
