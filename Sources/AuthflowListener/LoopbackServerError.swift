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

/// What kept a ``LoopbackServer`` from starting, for a front end to word.
public enum LoopbackServerProblem: Sendable, Hashable, CustomStringConvertible {
    /// A system call failed (binding the socket).
    case system(SystemError)
    /// With port 0, no port was free on both 127.0.0.1 and ::1.
    case noFreePort
    /// This libmicrohttpd was built without TLS support.
    case noTLSSupport
    /// Memory for the certificate and key could not be had.
    case outOfMemory
    /// libmicrohttpd rejected the certificate or private key.
    case identityRejected
    /// libmicrohttpd could not start on the bound socket, whose address is `address`.
    case daemonNotStarted(address: String)

    /// The problem in English, for logs and embedders.
    public var description: String {
        switch self {
        case .system(let error): error.description
        case .noFreePort: "no port was free on both 127.0.0.1 and ::1"
        case .noTLSSupport: "this libmicrohttpd was built without TLS support"
        case .outOfMemory: "out of memory"
        case .identityRejected: "libmicrohttpd rejected the certificate or private key"
        case .daemonNotStarted(let address): "libmicrohttpd could not start on \(address)"
        }
    }
}
