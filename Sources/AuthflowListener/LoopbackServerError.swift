import AuthflowPrimitives

/// Why a ``LoopbackServer`` could not start.
public enum LoopbackServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process already listens on the requested port.
    case portInUse(UInt16)
    /// Binding a loopback address failed for another reason, given as the system's error.
    case bindFailed(address: String, reason: LoopbackServerProblem)
    /// The TLS certificate or key was rejected, or TLS is unavailable in libmicrohttpd.
    case tlsSetupFailed(reason: LoopbackServerProblem)
    /// libmicrohttpd refused to start on the bound socket.
    case startFailed(reason: LoopbackServerProblem)
    /// libmicrohttpd itself could not be opened (it is loaded on first use, not at exec).
    case libraryUnavailable(SharedLibraryUnavailable)

    public var description: String {
        switch self {
        case .portInUse(let port):
            return
                "Port \(port) on the loopback interface is already in use: stop the program using it or choose another port (0 picks a free one)."
        case .bindFailed(let address, let reason):
            return "Could not listen on \(address) (\(reason)): check that the loopback interface is up."
        case .tlsSetupFailed(let reason):
            return
                "Could not enable TLS for the local server (\(reason)): check that the certificate and key are matching PEM files."
        case .libraryUnavailable(let missing):
            return "Could not start the local HTTP server: \(missing)"
        case .startFailed(let reason):
            return "Could not start the local HTTP server (\(reason)): check the process's file and thread limits."
        }
    }
}
