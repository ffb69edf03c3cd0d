import AuthflowHTTP
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation

/// Talks to the loopback reCAPTCHA page over HTTP exactly as its script does: load it, post the answer,
/// poll the status, post the code.
struct LoopbackPageDriver {
    let url: String
    private let http = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))

    var state: String { QueryParameters(url: url).value("state") ?? "" }
    private var origin: String { URLParts(url)?.origin ?? "" }

    func page() async throws -> HTTPResponse {
        try await http.send(HTTPRequest(url: url))
    }

    func post(_ path: String, _ fields: [(String, String)]) async throws -> HTTPResponse {
        try await http.send(postRequest(path, fields))
    }

    private func postRequest(_ path: String, _ fields: [(String, String)]) -> HTTPRequest {
        let body = fields.map { "\($0.0)=\(PercentEncoding.encodeUnreserved($0.1))" }.joined(separator: "&")
        return HTTPRequest(
            method: .post, url: origin + path,
            headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            body: Array(body.utf8))
    }

    func answer(_ fields: [(String, String)]) async throws -> HTTPResponse {
        try await post("/phone/answer", [("state", state)] + fields)
    }

    func submit(code: String) async throws -> HTTPResponse {
        try await http.send(codeRequest(code))
    }

    private func codeRequest(_ code: String) -> HTTPRequest {
        postRequest("/phone/code", [("state", state), ("code", code)])
    }

    /// Polls the status until its phase is one of `phases`; gives up after `limit` only to keep a broken
    /// build from hanging.
    ///
    /// The polling runs on a thread of its own, as a browser's timer would: a flow stops its listener a few
    /// seconds after its last phase unless the page polls it, and a poll that waited for the test process's
    /// cooperative pool (busy for seconds on a loaded machine with the other suites' work) could miss that.
    func waitFor(_ phases: Set<String>, limit: Duration = .seconds(60)) async throws -> [String: String] {
        try await DetachedThread.value { [self] in Result { try pollBlocking(phases, limit: limit) } }.get()
    }

    /// Posts `code` to the code field, then polls as ``waitFor(_:limit:)`` until the page's last status, both
    /// on one thread of their own: the poll follows the code's reply at once, whatever the test pool is doing.
    func submitAndWaitForOutcome(code: String) async throws -> [String: String] {
        try await DetachedThread.value { [self] in
            Result {
                _ = try http.sendBlocking(codeRequest(code))
                return try pollBlocking(["done", "failed"], limit: .seconds(60))
            }
        }.get()
    }

    private func pollBlocking(_ phases: Set<String>, limit: Duration) throws -> [String: String] {
        let deadline = ContinuousClock.now + limit
        var last: [String: String] = [:]
        while ContinuousClock.now < deadline {
            let response = try http.sendBlocking(
                HTTPRequest(url: origin + "/phone/status?state=" + PercentEncoding.encodeUnreserved(state)))
            last = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]) ?? [:]
            if let phase = last["phase"], phases.contains(phase) { return last }
            usleep(50_000)
        }
        throw Unexpected("the page never reached \(phases); last \(last)")
    }
}
