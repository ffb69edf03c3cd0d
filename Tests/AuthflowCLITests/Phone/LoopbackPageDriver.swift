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
        let body = fields.map { "\($0.0)=\(PercentEncoding.encodeUnreserved($0.1))" }.joined(separator: "&")
        return try await http.send(
            HTTPRequest(
                method: .post, url: origin + path,
                headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Array(body.utf8)))
    }

    func answer(_ fields: [(String, String)]) async throws -> HTTPResponse {
        try await post("/phone/answer", [("state", state)] + fields)
    }

    func submit(code: String) async throws -> HTTPResponse {
        try await post("/phone/code", [("state", state), ("code", code)])
    }

    /// The page's status object.
    func status() async throws -> [String: String] {
        let response = try await http.send(
            HTTPRequest(url: origin + "/phone/status?state=" + PercentEncoding.encodeUnreserved(state)))
        return (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]) ?? [:]
    }

    /// Polls the status until its phase is one of `phases`; gives up after `limit` only to keep a broken
    /// build from hanging.
    func waitFor(_ phases: Set<String>, limit: Duration = .seconds(60)) async throws -> [String: String] {
        let deadline = ContinuousClock.now + limit
        var last: [String: String] = [:]
        while ContinuousClock.now < deadline {
            last = try await status()
            if let phase = last["phase"], phases.contains(phase) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("the page never reached \(phases); last \(last)")
    }
}
