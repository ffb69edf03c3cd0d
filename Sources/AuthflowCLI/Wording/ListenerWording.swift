import AuthflowListener
import AuthflowLocalization

/// The listener's failures with the CLI's flags and commands.
extension RedirectListenerError {
    var cliMessage: String {
        switch self {
        case .timedOut(let limit):
            let seconds = limit.components.seconds
            return localized(
                "No callback arrived within \(seconds) seconds: run the command again and finish in the browser "
                    + "sooner, or raise --timeout.")
        case .rendezvous(let reason):
            return localized("Could not publish this flow for authflow handle-url: \(reason)")
        case .server(.libraryUnavailable(let missing)):
            return missing.cliMessage
        case .server(.portInUse(let port)):
            return localized(
                "Port \(port) is already in use on this machine: stop the program using it, or pass --port 0 "
                    + "to let authflow pick a free port.")
        case .cancelled, .server:
            return description
        }
    }
}

extension TemplateError {
    var cliMessage: String {
        switch self {
        case .notFound(let name, let searched):
            let places = searched.map { "  \($0.path) (\($0.origin.cliName))" }.joined(separator: "\n")
            return localized(
                "Template \(name) was not found. Looked in:\n\(places)\n"
                    + "Install authflow's templates, or point --templates or AUTHFLOW_TEMPLATES at a directory "
                    + "holding it."
            )
        case .directoryMissing(let location):
            return localized(
                "The templates directory \(location.path) (from \(location.origin.cliName)) does not exist "
                    + "or is not a directory: check the path.")
        default:
            return description
        }
    }
}

extension SchemeRegistrationError {
    var cliMessage: String {
        switch self {
        case .reservedScheme(let scheme):
            localized(
                "\(scheme): belongs to the browser or the system; authflow only registers the app's own "
                    + "custom scheme.")
        case .foreignEntry(let path):
            localized(
                "\(path) exists and was not written by authflow; move it away first if authflow should "
                    + "handle this scheme.")
        case .storage(let error):
            error.cliMessage
        case .invalidScheme:
            description
        }
    }
}

extension TemplateDirectory.Origin {
    /// Where a templates directory came from, naming the flag that chose it.
    var cliName: String {
        switch self {
        case .explicit: "--templates"
        default: description
        }
    }
}

/// The rendezvous directory taken by someone else.
enum RendezvousWording {
    static func fallback(refused: String, using path: String) -> String {
        localized(
            "authflow: warning: \(refused) belongs to another user or is writable by others, so it was not used; "
                + "this flow waits in \(path) instead (authflow handle-url finds it only from the same environment). "
                + "Remove \(refused) or fix its owner and mode (0700).")
    }
}
