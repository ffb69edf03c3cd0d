import AuthflowStorage

/// Why waiting for a browser callback ended without one.
public enum RedirectListenerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No valid callback arrived before the deadline.
    case timedOut(Duration)
    /// The wait was cancelled (Ctrl-C, or the caller's task).
    case cancelled
    /// The listener could not start.
    case server(LoopbackServerError)
    /// The rendezvous file for a handoff could not be written.
    case rendezvous(StorageError)

    public var description: String {
        switch self {
        case .timedOut(let limit):
            let seconds = limit.components.seconds
            return "No callback arrived within \(seconds) seconds: start again and finish in the browser sooner, "
                + "or wait longer."
        case .cancelled:
            return "Cancelled while waiting for the browser."
        case .server(let error):
            return error.description
        case .rendezvous(let reason):
            return "Could not publish this flow for a handoff: \(reason.description)"
        }
    }
}
