import AuthflowCore

extension LinkInspectionError {
    /// The documented exit status for this failure.
    var exitStatus: AuthflowExitCode {
        switch self {
        case .input: .usage
        case .shortLink(let error): error.exitStatus
        }
    }
}

extension DocumentSearchError {
    /// The documented exit status for this failure.
    var exitStatus: AuthflowExitCode {
        switch self {
        case .document, .damagedLink: .usage
        case .shortLink(let error): error.exitStatus
        }
    }
}

extension ShortLinkError {
    /// Network trouble is 3; a server that answered but would not help is 4.
    var exitStatus: AuthflowExitCode {
        switch self {
        case .network(_, let underlying):
            if case .blockedAddress = underlying { return .refused }
            if case .libraryUnavailable = underlying { return .usage }
            return .unavailable
        case .notFound, .noRedirect, .notHTTPS, .tooManyHops: return .refused
        }
    }
}
