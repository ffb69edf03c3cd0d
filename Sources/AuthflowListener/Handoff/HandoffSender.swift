import AuthflowPrimitives
import Glibc

/// Delivers a URL to waiting flows over loopback: the sending half of `authflow handle-url`.
///
/// It sits on the path of a browser click, so it speaks just enough HTTP/1.1 over a plain socket (no libcurl
/// start-up, no proxy lookup) and never waits on the flow itself: the listener answers as soon as it has
/// judged the URL.
public enum HandoffSender {
    /// What one waiting flow said.
    public enum Outcome: Sendable, Equatable {
        /// The URL ended that flow's wait.
        case accepted
        /// Not that flow's callback (wrong state), with the listener's reason.
        case rejected(Refusal)
        /// That flow already has its callback.
        case alreadyCompleted
        /// The listener refused the secret (a stale or foreign rendezvous file).
        case unauthorized
        /// Nothing answered on that port, or the answer was not understood.
        case unreachable(Unreachable)
    }

    /// Why a waiting flow refused the URL, as its listener said it.
    public enum Refusal: Sendable, Equatable {
        /// The reason's machine code: the receiving front end words it in its own language.
        case coded(CallbackRejectionCode)
        /// A listener older than the code header gave only its English sentence (the body).
        case uncoded(String)
    }

    /// Why a waiting flow could not be reached.
    public enum Unreachable: Sendable, Equatable, CustomStringConvertible {
        /// No socket could be made.
        case system(SystemError)
        /// Nothing listens on the port.
        case nothingListens(port: UInt16)
        /// The listener closed the connection before answering.
        case closed
        /// No answer came in time.
        case noAnswer
        /// The answer was not HTTP.
        case notHTTP
        /// The listener answered with an unexpected status.
        case status(Int)

        /// The reason in English, for logs and embedders.
        public var description: String {
            switch self {
            case .system(let error): error.description
            case .nothingListens(let port): "nothing listens on port \(port)"
            case .closed: "the listener closed the connection"
            case .noAnswer: "no answer from the listener in time"
            case .notHTTP: "the listener's answer was not HTTP"
            case .status(let status): "the listener answered \(status)"
            }
        }
    }

    /// Offers `url` to each flow in `flows` that could want its scheme, newest first, until one accepts.
    /// Returns every outcome in order, so a caller can explain a refusal.
    public static func deliver(
        _ url: String, to flows: [Rendezvous], timeout: Duration = .seconds(3)
    ) -> [(flow: Rendezvous, outcome: Outcome)] {
        let scheme = url.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        var outcomes: [(Rendezvous, Outcome)] = []
        for flow in flows where flow.waits(forScheme: scheme) {
            let outcome = send(url, to: flow, timeout: timeout)
            outcomes.append((flow, outcome))
            if outcome == .accepted { break }
        }
        return outcomes
    }

    /// Posts `url` to one flow's listener.
    public static func send(_ url: String, to flow: Rendezvous, timeout: Duration = .seconds(3)) -> Outcome {
        let body = Array(url.utf8)
        let head =
            "POST \(HandoffEndpoint.path) HTTP/1.1\r\nHost: 127.0.0.1:\(flow.port)\r\n"
            + "\(HandoffEndpoint.secretHeader): \(flow.secret)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let reply: [UInt8]
        switch exchange(Array(head.utf8) + body, port: flow.port, timeout: timeout) {
        case .success(let bytes): reply = bytes
        case .failure(let failure): return .unreachable(failure.reason)
        }
        let text = String(decoding: reply, as: UTF8.self)
        let statusLine = text.prefix { $0 != "\r" && $0 != "\n" }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            return .unreachable(.notHTTP)
        }
        let headEnd = text.range(of: "\r\n\r\n")
        switch status {
        case 200..<300: return .accepted
        case 401: return .unauthorized
        case 409: return .alreadyCompleted
        case 400:
            let head = headEnd.map { text[..<$0.lowerBound] } ?? text[...]
            if let wire = headerValue(HandoffEndpoint.rejectionHeader, in: head),
                let code = CallbackRejectionCode(wire: wire)
            {
                return .rejected(.coded(code))
            }
            let body = headEnd.map { String(text[$0.upperBound...]) } ?? ""
            return .rejected(.uncoded(body.trimmingTrailingNewlines))
        default: return .unreachable(.status(status))
        }
    }

    /// The value of the header `name` (any case) among `head`'s lines, trimmed.
    private static func headerValue(_ name: String, in head: Substring) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name.lowercased() else {
                continue
            }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            return String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        return nil
    }

    private struct Failure: Error {
        let reason: Unreachable
    }

    private static func exchange(_ request: [UInt8], port: UInt16, timeout: Duration) -> Result<[UInt8], Failure> {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(Failure(reason: .system(.current))) }
        defer { close(descriptor) }
        var limit = timeval(
            tv_sec: Int(timeout.components.seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return .failure(Failure(reason: .nothingListens(port: port))) }

        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { raw in
                SystemCall.retryingInterrupts {
                    Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                }
            }
            guard count > 0 else { return .failure(Failure(reason: .closed)) }
            sent += count
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while reply.count < 64 * 1024 {
            let count = buffer.withUnsafeMutableBytes { raw in
                SystemCall.retryingInterrupts { recv(descriptor, raw.baseAddress, raw.count, 0) }
            }
            if count < 0 { return .failure(Failure(reason: .noAnswer)) }
            if count == 0 { break }
            reply += buffer[..<count]
        }
        return .success(reply)
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text
    }
}
