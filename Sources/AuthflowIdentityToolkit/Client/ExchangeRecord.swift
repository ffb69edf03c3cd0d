/// One attempt at a call, as ``IdentityToolkitClient/observer`` reports it: no URL query, body or header,
/// so nothing secret (the API key included) can reach a log through it.
public struct ExchangeRecord: Sendable, CustomStringConvertible {
    /// How the attempt ended.
    public enum Outcome: Sendable {
        /// The server answered with this HTTP status.
        case status(Int)
        /// No answer: the transport error's description.
        case failed(String)
    }

    /// The endpoint called.
    public let endpoint: Endpoint
    /// Production or the emulator it went to.
    public let server: AuthServer
    /// 1 for the first try, then 2, 3… for retries.
    public let attempt: Int
    /// The status or the failure.
    public let outcome: Outcome
    /// From sending to the end of the reply.
    public let duration: Duration

    /// `POST identitytoolkit v1 accounts:signInWithPassword → 200 in 12 ms`, plus the attempt when retried.
    public var description: String {
        let milliseconds = Int(
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
        let result: String
        switch outcome {
        case .status(let status): result = "HTTP \(status)"
        case .failed(let reason): result = "failed: \(reason)"
        }
        let retry = attempt > 1 ? " (attempt \(attempt))" : ""
        let target = server.isEmulator ? "emulator " : ""
        return "\(endpoint.method.rawValue) \(target)\(endpoint.path) → \(result) in \(milliseconds) ms\(retry)"
    }
}
