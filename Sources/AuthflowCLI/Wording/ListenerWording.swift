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
        case .rendezvous(.directory(let path, let problem)):
            // The runtime directory, not the state directory: StorageError's own wording would name the latter.
            return localized(
                "Cannot use the runtime directory \(path), where a waiting flow publishes itself for authflow "
                    + "handle-url: \(problem.cliMessage). Point XDG_RUNTIME_DIR at a directory of your own, or "
                    + "remove \(path) (or fix it: your own directory, mode 0700, not a symbolic link) and run the "
                    + "command again.")
        case .rendezvous(let reason):
            return localized("Could not publish this flow for authflow handle-url: \(reason.cliMessage)")
        case .server(.libraryUnavailable(let missing)):
            return missing.cliMessage
        case .server(.portInUse(let port)):
            return localized(
                "Port \(port) is already in use on this machine: stop the program using it, or pass --port 0 "
                    + "to let authflow pick a free port.")
        case .cancelled:
            return localized("Cancelled while waiting for the browser.")
        case .server(.bindFailed(let address, let reason)):
            return localized(
                "Could not listen on \(address) (\(reason.cliMessage)): check that the loopback interface is up.")
        case .server(.tlsSetupFailed(let reason)):
            return localized(
                "Could not enable TLS for the local server (\(reason.cliMessage)): check that the certificate and key "
                    + "are matching PEM files.")
        case .server(.startFailed(let reason)):
            return localized(
                "Could not start the local HTTP server (\(reason.cliMessage)): check the process's file and thread "
                    + "limits.")
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
        case .invalidName(let name):
            return localized("\"\(name)\" is not a template file name: use a plain name such as \"page.html\".")
        case .unreadable(let path, let reason):
            return localized(
                "Cannot read the template \(path) (\(reason.cliMessage)): check its permissions and that it is UTF-8 "
                    + "text.")
        case .syntax(let path, let line, let column, let reason):
            return localized(
                "The template \(path) has a Mustache syntax error at line \(line), column \(column) (\(reason.cliMessage)): "
                    + "fix the tag there, or delete the file to use the built-in template.")
        }
    }
}

extension LoopbackServerProblem {
    /// What kept the local server from starting, as a clause without final punctuation.
    var cliMessage: String {
        switch self {
        case .system(let error): error.cliMessage
        case .noFreePort: localized("no port was free on both 127.0.0.1 and ::1")
        case .noTLSSupport: localized("this libmicrohttpd was built without TLS support")
        case .outOfMemory: localized("the system is out of memory")
        case .identityRejected: localized("libmicrohttpd rejected the certificate or private key")
        case .daemonNotStarted(let address): localized("libmicrohttpd could not start on \(address)")
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
        case .invalidScheme(let scheme):
            localized(
                "\(QuotedText.quoted(scheme)) is not a URL scheme: use a letter followed by letters, digits, "
                    + "'+', '-' or '.', such as com.googleusercontent.apps.123-abc or app-1-123-ios-abc.")
        }
    }
}

extension TemplateDirectory.Origin {
    /// Where a templates directory came from, naming the flag that chose it.
    var cliName: String {
        switch self {
        case .explicit: "--templates"
        case .environment: TemplateDirectory.environmentVariable
        case .installed: localized("installed with the binary")
        case .sourceTree: localized("source tree")
        }
    }
}

/// The rendezvous directory taken by someone else.
enum RendezvousWording {
    static func fallback(refused: String, using path: String) -> String {
        localized(
            "authflow: warning: \(refused) belongs to another user or is writable by others, so it was not used; "
                + "flows wait in \(path) instead, where authflow handle-url looks too while \(refused) is refused. "
                + "Remove \(refused) or fix its owner and mode (0700).")
    }
}

extension TemplateSyntaxProblem {
    /// The parser's finding, as a clause.
    var cliMessage: String {
        switch self {
        case .sectionCloseMismatch: localized("a closing tag names another section")
        case .unfinishedTag: localized("a tag is not closed")
        case .missingSectionEnd: localized("a section is never closed")
        case .invalidDelimiter: localized("a set-delimiter tag is badly formed")
        case .invalidInheritance: localized("an inheritance section holds what it may not")
        case .invalidConfiguration: localized("a configuration tag is malformed or unknown")
        case .other: localized("the parser failed")
        case .partialCycle: localized("a partial includes itself")
        }
    }
}
