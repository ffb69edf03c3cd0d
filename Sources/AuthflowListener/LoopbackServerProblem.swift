import AuthflowPrimitives

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
