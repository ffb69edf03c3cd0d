import AuthflowPrimitives
import Glibc

/// Delivers a URL to waiting flows over loopback: the sending half of `authflow handle-url`.
///
/// It sits on the path of a browser click, so it speaks just enough HTTP/1.1 over a plain socket (no libcurl
/// start-up, no proxy lookup) and never waits on the flow itself: the listener answers as soon as it has
/// judged the URL. Before the URL and the secret, the listener proves it is the flow (``HandoffProof``): one
/// more loopback round trip on the same connection.
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
        /// What answers on the flow's port could not prove it is that flow (``HandoffProof``): the flow is gone and
        /// another program holds its port. Nothing secret was sent to it.
        case unproven
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

    /// Offers `callback` to each flow in `flows` that could want its scheme, newest first, until one accepts.
    /// Returns every outcome in order, so a caller can explain a refusal.
    public static func deliver(
        _ callback: RedirectCallback, to flows: [Rendezvous], timeout: Duration = .seconds(3)
    ) -> [(flow: Rendezvous, outcome: Outcome)] {
        let scheme = callback.parts?.scheme ?? ""
        var outcomes: [(Rendezvous, Outcome)] = []
        for flow in flows where flow.waits(forScheme: scheme) {
            let outcome = send(callback, to: flow, timeout: timeout)
            outcomes.append((flow, outcome))
            if outcome == .accepted { break }
        }
        return outcomes
    }

    /// Hands `callback`'s URL to one flow's listener, once it has proved it is that flow (``HandoffProof``): the
    /// URL and the secret go out only then, on the connection the proof came on.
    public static func send(
        _ callback: RedirectCallback, to flow: Rendezvous, timeout: Duration = .seconds(3)
    )
        -> Outcome
    {
        let connection: Connection
        switch Connection.open(port: flow.port, timeout: timeout) {
        case .success(let opened): connection = opened
        case .failure(let failure): return .unreachable(failure.reason)
        }
        defer { connection.close() }

        let challenge = HandoffProof.challenge()
        let proofRequest =
            "GET \(HandoffEndpoint.proofPath) HTTP/1.1\r\nHost: 127.0.0.1:\(flow.port)\r\n"
            + "\(HandoffEndpoint.challengeHeader): \(challenge)\r\n\r\n"
        if case .failure(let failure) = connection.write(Array(proofRequest.utf8)) {
            return .unreachable(failure.reason)
        }
        let proofAnswer: Answer
        switch connection.readAnswer(untilClose: false) {
        case .success(let answer): proofAnswer = answer
        // Whatever answers otherwise, or hangs up, is not the flow: an older listener does not know the proof
        // either, and its rendezvous file is never read (it has no proof key).
        case .failure(let failure) where failure.reason == .notHTTP || failure.reason == .closed: return .unproven
        case .failure(let failure): return .unreachable(failure.reason)
        }
        guard (200..<300).contains(proofAnswer.status),
            let proof = headerValue(HandoffEndpoint.proofHeader, in: proofAnswer.head),
            HandoffProof.verify(proof, challenge: challenge, key: flow.proofKey)
        else {
            return .unproven
        }

        let body = Array(callback.url.utf8)
        let head =
            "POST \(HandoffEndpoint.path) HTTP/1.1\r\nHost: 127.0.0.1:\(flow.port)\r\n"
            + "\(HandoffEndpoint.secretHeader): \(flow.secret)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        if case .failure(let failure) = connection.write(Array(head.utf8) + body) {
            return .unreachable(failure.reason)
        }
        let answer: Answer
        switch connection.readAnswer(untilClose: true) {
        case .success(let read): answer = read
        case .failure(let failure): return .unreachable(failure.reason)
        }
        switch answer.status {
        case 200..<300: return .accepted
        case 401: return .unauthorized
        case 409: return .alreadyCompleted
        case 400:
            if let wire = headerValue(HandoffEndpoint.rejectionHeader, in: answer.head),
                let code = CallbackRejectionCode(wire: wire)
            {
                return .rejected(.coded(code))
            }
            return .rejected(.uncoded(answer.body.trimmingTrailingNewlines))
        default: return .unreachable(.status(answer.status))
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

    /// One HTTP answer: its status, its head (status line and headers) and its body as text.
    private struct Answer {
        let status: Int
        let head: Substring
        let body: String
    }

    /// A loopback connection to a listener, with send and receive timeouts.
    private struct Connection {
        let descriptor: Int32

        static func open(port: UInt16, timeout: Duration) -> Result<Connection, Failure> {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { return .failure(Failure(reason: .system(.current))) }
            var limit = timeval(
                tv_sec: Int(timeout.components.seconds),
                tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
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
            guard connected == 0 else {
                _ = Glibc.close(descriptor)
                return .failure(Failure(reason: .nothingListens(port: port)))
            }
            return .success(Connection(descriptor: descriptor))
        }

        func close() {
            _ = Glibc.close(descriptor)
        }

        func write(_ bytes: [UInt8]) -> Result<Void, Failure> {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { raw in
                    SystemCall.retryingInterrupts {
                        Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                    }
                }
                guard count > 0 else { return .failure(Failure(reason: .closed)) }
                sent += count
            }
            return .success(())
        }

        /// Reads one answer: to the end of the connection (`untilClose`), or to the end of its head and the
        /// `Content-Length` bytes after it (none without one), so that the connection can carry another request.
        /// An answer that is not HTTP is ``Unreachable/notHTTP``.
        func readAnswer(untilClose: Bool) -> Result<Answer, Failure> {
            var reply: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            var wanted: Int?
            while reply.count < 64 * 1024 {
                if let wanted, reply.count >= wanted { break }
                let count = buffer.withUnsafeMutableBytes { raw in
                    SystemCall.retryingInterrupts { recv(descriptor, raw.baseAddress, raw.count, 0) }
                }
                if count < 0 { return .failure(Failure(reason: .noAnswer)) }
                if count == 0 { break }
                reply += buffer[..<count]
                if !untilClose, wanted == nil, let end = Self.headEnd(in: reply) {
                    let head = String(decoding: reply[..<end], as: UTF8.self)
                    wanted =
                        end + 4 + (HandoffSender.headerValue("Content-Length", in: head[...]).flatMap { Int($0) } ?? 0)
                }
            }
            if reply.isEmpty { return .failure(Failure(reason: .closed)) }
            let text = String(decoding: reply, as: UTF8.self)
            let statusLine = text.prefix { $0 != "\r" && $0 != "\n" }
            let parts = statusLine.split(separator: " ")
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
                return .failure(Failure(reason: .notHTTP))
            }
            let end = text.range(of: "\r\n\r\n")
            return .success(
                Answer(
                    status: status, head: end.map { text[..<$0.lowerBound] } ?? text[...],
                    body: end.map { String(text[$0.upperBound...]) } ?? ""))
        }

        /// Where the blank line ending an answer's head starts, if it has arrived.
        private static func headEnd(in bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 0...(bytes.count - 4)
            where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                return index
            }
            return nil
        }
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text
    }
}
