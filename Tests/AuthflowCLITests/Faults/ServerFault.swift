import AuthflowBackend
import Testing

/// One way the backend misbehaves, as the fault tests name it, and whether the backend still did the work
/// (sent the email or SMS, used the code) before the reply went wrong.
struct ServerFault: Sendable, CustomTestStringConvertible {
    let name: String
    let fault: BackendFault
    let workDone: Bool

    var testDescription: String { name }

    /// Every fault the fault tests run through. Requests time out after 1 s (`AUTHFLOW_REQUEST_TIMEOUT`).
    static let all: [ServerFault] = [
        ServerFault(
            name: "503 with a JSON error",
            fault: .status(503, body: #"{"error":{"code":503,"message":"UNAVAILABLE"}}"#), workDone: false),
        ServerFault(
            name: "500 with an HTML page", fault: .status(500, body: "<html><body>Internal error</body></html>"),
            workDone: false),
        ServerFault(name: "a reply slower than the timeout", fault: .delay(.milliseconds(1800)), workDone: true),
        ServerFault(name: "JSON cut off mid-value", fault: .truncatedJSON, workDone: true),
        ServerFault(name: "a 200 that is not JSON", fault: .malformedJSON, workDone: false),
        ServerFault(
            name: "a body that trickles past the timeout", fault: .slowBody(bytes: 4, interval: .milliseconds(250)),
            workDone: true),
        ServerFault(name: "the connection dropped mid-reply", fault: .droppedConnection, workDone: true),
    ]

    /// Waits until a delayed request the client gave up on has reached the backend's endpoint, so counts
    /// taken afterwards include whatever it did.
    func settle() async throws {
        if case .delay(let duration) = fault { try await Task.sleep(for: duration) }
    }

    /// What the commands run with: a short request timeout, so the slow faults end in about a second.
    static let environment = ["AUTHFLOW_REQUEST_TIMEOUT": "1"]
}
